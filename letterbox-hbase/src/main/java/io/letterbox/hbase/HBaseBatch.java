package io.letterbox.hbase;

import io.letterbox.store.Space;
import io.letterbox.store.WriteBatch;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.ConnectionConfiguration;

/**
 * The mutations of a batch in the order they were added, by section, and each section's commit
 * point. Keys are salted and values copied when added, so callers may reuse their arrays;
 * {@link HBaseStore#write} folds them into one mutation per row ({@link BatchPlan}) and stamps
 * them when it sends them.
 */
final class HBaseBatch implements WriteBatch {
  private final SpaceTables tables;
  private final long maxCellBytes;
  /** The sections ended by {@link #section}. */
  private final List<BatchPlan.Section> ended = new ArrayList<>();
  /** The current section's mutations and its commit point's position among them (-1: none). */
  private List<RowOp> ops = new ArrayList<>();
  private int commitIndex = -1;
  private int size;

  /** @param maxCellBytes the client's largest cell ({@code hbase.client.keyvalue.maxsize}); 0: none */
  HBaseBatch(SpaceTables tables, long maxCellBytes) {
    this.tables = tables;
    this.maxCellBytes = maxCellBytes;
  }

  /** A put into a counter space sets the counter; its value must be an 8-byte big-endian long. */
  @Override
  public WriteBatch put(Space space, byte[] key, byte[] value) {
    return add(RowOp.put(tables.of(space), rowOf(space, key, value), value.clone()));
  }

  @Override
  public WriteBatch delete(Space space, byte[] key) {
    SpaceTable table = tables.of(space);
    return add(RowOp.delete(table, table.row(key)));
  }

  /**
   * Sent as a put of the counter's new value, read when the batch is written: a counter must have
   * one writer at a time (see {@link HBaseStore}).
   */
  @Override
  public WriteBatch increment(Space space, byte[] key, long delta) {
    SpaceTable table = tables.counters(space);
    return add(RowOp.increment(table, table.row(key), delta));
  }

  /**
   * A check-and-mutate that puts {@code value} if the row has none.
   *
   * @throws IllegalArgumentException if the value is empty (HBase's check cannot tell an empty
   *     value from none), or the section mutated {@code key} before: it would be written before
   *     its own check
   */
  @Override
  public WriteBatch commit(Space space, byte[] key, byte[] value) {
    if (commitIndex >= 0) {
      throw new IllegalStateException("a section has one commit point");
    }
    if (value.length == 0) {
      throw new IllegalArgumentException("a commit point's value must not be empty: HBase's check-and-mutate"
          + " takes an empty value for none");
    }
    SpaceTable table = tables.of(space);
    byte[] row = rowOf(space, key, value);
    if (ops.stream().anyMatch(op -> op.table().equals(table) && Arrays.equals(op.row(), row))) {
      throw new IllegalArgumentException("the section mutates its commit point's key before the commit point");
    }
    commitIndex = ops.size();
    return add(RowOp.put(table, row, value.clone()));
  }

  /** A key mutated by two sections is refused when the batch is written ({@link BatchPlan#of}). */
  @Override
  public WriteBatch section() {
    ended.add(new BatchPlan.Section(ops, commitIndex));
    ops = new ArrayList<>();
    commitIndex = -1;
    return this;
  }

  @Override
  public int size() {
    return size;
  }

  /** @throws IllegalArgumentException if two sections mutate one key */
  BatchPlan plan() {
    List<BatchPlan.Section> sections = new ArrayList<>(ended);
    sections.add(new BatchPlan.Section(ops, commitIndex));
    return BatchPlan.of(sections);
  }

  private WriteBatch add(RowOp op) {
    ops.add(op);
    size++;
    return this;
  }

  boolean belongsTo(SpaceTables owner) {
    return tables == owner;
  }

  /**
   * @return the row of {@code key} in {@code space}'s table, once the value is known to fit
   * @throws IllegalArgumentException if the value is not a counter's in a counter space, or the
   *     cell would be larger than the client's largest: refused now, not when the batch is half
   *     written
   */
  private byte[] rowOf(Space space, byte[] key, byte[] value) {
    SpaceTable table = tables.of(space);
    Objects.requireNonNull(value, "value");
    if (space.counters() && value.length != 8) {
      throw new IllegalArgumentException("a counter value must be an 8-byte big-endian long: " + value.length + " bytes");
    }
    byte[] row = table.row(key);
    requireFits(row, value, maxCellBytes);
    return row;
  }

  /** @throws IllegalArgumentException if the cell is larger than {@code maxCellBytes} (0: no limit) */
  static void requireFits(byte[] row, byte[] value, long maxCellBytes) {
    long cellBytes = KeyValue.getKeyValueDataStructureSize(row.length, SpaceTable.FAMILY.length,
        SpaceTable.QUALIFIER.length, value.length);
    if (maxCellBytes > 0 && cellBytes > maxCellBytes) {
      throw new IllegalArgumentException("a value of " + value.length + " bytes exceeds the HBase client's largest cell ("
          + ConnectionConfiguration.MAX_KEYVALUE_SIZE_KEY + " = " + maxCellBytes + " bytes)");
    }
  }
}
