package io.letterbox.store;

/**
 * Mutations applied together by {@link KeyValueStore#write}. A backend applies a batch atomically
 * if it can (RocksDB); one that is atomic per row only (HBase) applies it row by row, so callers
 * must make every batch safe to apply again (idempotent) and must not rely on its atomicity across
 * rows. A backend that is not atomic applies mutations in the order they were added. Counter increments are the exception: applied twice they count twice, so they belong
 * only in batches whose replay is guarded (see the engine's action log).
 */
public interface WriteBatch {
  WriteBatch put(Space space, byte[] key, byte[] value);

  WriteBatch delete(Space space, byte[] key);

  /** Adds {@code delta} (may be negative) to the counter at {@code key}, absent counting as 0. */
  WriteBatch increment(Space space, byte[] key, long delta);

  /** Number of mutations in the batch. */
  int size();

  default boolean isEmpty() {
    return size() == 0;
  }
}
