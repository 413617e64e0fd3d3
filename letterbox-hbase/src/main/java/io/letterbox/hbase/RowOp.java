package io.letterbox.hbase;

import io.letterbox.store.Bytes;
import io.letterbox.store.StoreException;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;

/**
 * One mutation of a row of {@code table}: a value to put, a delete, or a delta to add to the
 * counter stored there. Several of one row fold into one ({@link #then}); it becomes an HBase
 * mutation only when it is sent, stamped with its batch's version.
 */
record RowOp(Kind kind, SpaceTable table, byte[] row, byte[] value, long delta) {
  enum Kind { PUT, DELETE, INCREMENT }

  static RowOp put(SpaceTable table, byte[] row, byte[] value) {
    return new RowOp(Kind.PUT, table, row, value, 0);
  }

  static RowOp delete(SpaceTable table, byte[] row) {
    return new RowOp(Kind.DELETE, table, row, null, 0);
  }

  static RowOp increment(SpaceTable table, byte[] row, long delta) {
    return new RowOp(Kind.INCREMENT, table, row, null, delta);
  }

  /**
   * @return this mutation followed by {@code next} of the same row, as one: the last put or delete
   *     wins; increments add up, onto a put's value or onto the zero a delete leaves
   */
  RowOp then(RowOp next) {
    if (next.kind != Kind.INCREMENT) {
      return next;
    }
    return switch (kind) {
      case INCREMENT -> increment(table, row, delta + next.delta);
      // Increments are only taken in counter spaces, whose puts are 8-byte longs.
      case PUT -> put(table, row, Bytes.ofLong(Bytes.getLong(value, 0) + next.delta));
      case DELETE -> put(table, row, Bytes.ofLong(next.delta));
    };
  }

  /** @return the HBase mutation of a put or delete, stamped {@code version} */
  Mutation toMutation(long version, Durability durability) {
    Mutation mutation = switch (kind) {
      case PUT -> new Put(row, version).addColumn(SpaceTable.FAMILY, SpaceTable.QUALIFIER, value);
      case DELETE -> new Delete(row, version);
      case INCREMENT -> throw new IllegalStateException("an increment is sent as a put of the counter's new value");
    };
    return mutation.setDurability(durability);
  }

  /**
   * The put that sets an incremented counter, given the cell stored when the batch was read: its
   * value plus the delta. If that cell carries the batch's own version, this batch was written
   * already (sent twice) and the cell counts it: the put repeats the stored value.
   *
   * @param stored the counter's newest cell, or null if it has none
   */
  Mutation counterPut(Cell stored, long version, Durability durability) {
    long base = 0;
    long add = delta;
    if (stored != null) {
      if (stored.getValueLength() != 8) {
        throw new StoreException("corrupt counter in " + table.name() + ": value is " + stored.getValueLength()
            + " bytes, not 8");
      }
      base = Bytes.getLong(CellUtil.cloneValue(stored), 0);
      add = stored.getTimestamp() == version ? 0 : delta;
    }
    return put(table, row, Bytes.ofLong(base + add)).toMutation(version, durability);
  }
}
