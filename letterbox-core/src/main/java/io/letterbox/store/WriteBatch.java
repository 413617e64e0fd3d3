package io.letterbox.store;

/**
 * Mutations applied together by {@link KeyValueStore#write}. A backend applies a batch atomically
 * if it can (RocksDB); one that is atomic per row only (HBase) applies it in steps of multi-row
 * calls: the mutations before the batch's {@linkplain #commit commit point}, the commit point, the
 * rest, and the last mutation after all the others (per {@linkplain #section section}, every
 * section's step in the same calls). Within a step there is no order, so callers
 * must make every batch safe to apply again (idempotent) and must not rely on its atomicity across
 * rows; mutations of one key in a batch collapse to the last (increments add up). Counter
 * increments applied twice would count twice: they belong only in batches whose replay is guarded
 * (the engine's journal and marks, decision 0007).
 */
public interface WriteBatch {
  WriteBatch put(Space space, byte[] key, byte[] value);

  WriteBatch delete(Space space, byte[] key);

  /** Adds {@code delta} (may be negative) to the counter at {@code key}, absent counting as 0. */
  WriteBatch increment(Space space, byte[] key, long delta);

  /**
   * The current section's commit point: puts {@code value} at {@code key} only if {@code key} has
   * no value. Every mutation the section added before it is durable before it is attempted; if
   * {@code key} already had a value, {@link KeyValueStore#write} throws {@link FencedException}
   * and nothing the section added after it is written. A section has at most one commit point,
   * and when it has one its last mutation (a progress marker) is written after all its others.
   * Mutations of one key within a batch: the last one added wins (increments add up).
   *
   * <p>This is how a partition's writer appends to its journal so that a writer that lost the
   * partition cannot write after it (decision 0007).
   *
   * @throws IllegalStateException if the section has a commit point already
   */
  WriteBatch commit(Space space, byte[] key, byte[] value);

  /**
   * Ends the current section and starts the next; a batch begins in its first. The sections of
   * a batch are written by one write, each as if it were a batch of its own except that no
   * section is atomic with another: a section whose commit point is taken is not written past
   * it, and the others are written whole ({@link FencedException#taken()}). No key may be
   * mutated by two sections. This is how one writer commits the journals of several partitions
   * in one write (decision 0007).
   */
  WriteBatch section();

  /** Number of mutations in the batch. */
  int size();

  default boolean isEmpty() {
    return size() == 0;
  }
}
