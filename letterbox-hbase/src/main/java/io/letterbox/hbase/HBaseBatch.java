package io.letterbox.hbase;

import io.letterbox.store.Space;
import io.letterbox.store.WriteBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.ConnectionConfiguration;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;

/**
 * The mutations of a batch in the order they were added. Keys are salted and values copied when
 * added, so callers may reuse their arrays; the HBase mutation is built when it is sent, stamped
 * by the {@link CellClock} then.
 */
final class HBaseBatch implements WriteBatch {
  private enum Kind { PUT, DELETE, INCREMENT }

  /** One mutation of a row of {@code table}: a value to put, a delta to add, or a delete. */
  record Op(Kind kind, SpaceTable table, byte[] row, byte[] value, long delta) {
    /** Sends the mutation stamped {@code timestamp}; the future completes when it is applied. */
    CompletableFuture<?> send(long timestamp, Durability durability) {
      return switch (kind) {
        case PUT -> table.table().put(durable(new Put(row, timestamp)
            .addColumn(SpaceTable.FAMILY, SpaceTable.QUALIFIER, value), durability));
        case DELETE -> table.table().delete(durable(new Delete(row, timestamp), durability));
        case INCREMENT -> {
          // The timestamp must be set before the column: a cell takes the mutation's stamp when added.
          Increment increment = new Increment(row);
          increment.setTimestamp(timestamp);
          increment.addColumn(SpaceTable.FAMILY, SpaceTable.QUALIFIER, delta).setReturnResults(false);
          yield table.table().increment(durable(increment, durability));
        }
      };
    }

    private static <M extends org.apache.hadoop.hbase.client.Mutation> M durable(M mutation, Durability durability) {
      mutation.setDurability(durability);
      return mutation;
    }
  }

  private final SpaceTables tables;
  private final long maxCellBytes;
  private final List<Op> ops = new ArrayList<>();

  /** @param maxCellBytes the client's largest cell ({@code hbase.client.keyvalue.maxsize}); 0: none */
  HBaseBatch(SpaceTables tables, long maxCellBytes) {
    this.tables = tables;
    this.maxCellBytes = maxCellBytes;
  }

  /** A put into a counter space sets the counter; its value must be an 8-byte big-endian long. */
  @Override
  public WriteBatch put(Space space, byte[] key, byte[] value) {
    SpaceTable table = tables.of(space);
    Objects.requireNonNull(value, "value");
    if (space.counters() && value.length != 8) {
      throw new IllegalArgumentException("a counter value must be an 8-byte big-endian long: " + value.length + " bytes");
    }
    byte[] row = table.row(key);
    long cellBytes = KeyValue.getKeyValueDataStructureSize(row.length, SpaceTable.FAMILY.length,
        SpaceTable.QUALIFIER.length, value.length);
    if (maxCellBytes > 0 && cellBytes > maxCellBytes) {
      // Refused now, not when the batch is half applied.
      throw new IllegalArgumentException("a value of " + value.length + " bytes exceeds the HBase client's largest cell ("
          + ConnectionConfiguration.MAX_KEYVALUE_SIZE_KEY + " = " + maxCellBytes + " bytes)");
    }
    ops.add(new Op(Kind.PUT, table, row, value.clone(), 0));
    return this;
  }

  @Override
  public WriteBatch delete(Space space, byte[] key) {
    SpaceTable table = tables.of(space);
    ops.add(new Op(Kind.DELETE, table, table.row(key), null, 0));
    return this;
  }

  /** HBase keeps the counter as an 8-byte big-endian long, which is how the SPI reads it. */
  @Override
  public WriteBatch increment(Space space, byte[] key, long delta) {
    SpaceTable table = tables.counters(space);
    ops.add(new Op(Kind.INCREMENT, table, table.row(key), null, delta));
    return this;
  }

  @Override
  public WriteBatch commit(Space space, byte[] key, byte[] value) {
    throw new UnsupportedOperationException("not yet: issue 10");
  }

  @Override
  public int size() {
    return ops.size();
  }

  List<Op> ops() {
    return ops;
  }

  boolean belongsTo(SpaceTables owner) {
    return tables == owner;
  }
}
