package io.letterbox.store;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The storage SPI: an ordered byte-key store with named spaces. Nothing above it knows which
 * product stores the bytes. Keys compare as unsigned bytes. Implementations are thread-safe.
 *
 * <p>The spaces are fixed when the store is opened; using another is an
 * {@link IllegalArgumentException}.
 */
public interface KeyValueStore extends StoreReads, AutoCloseable {

  /** A new, empty batch for {@link #write}. */
  WriteBatch newBatch();

  /**
   * Applies {@code batch}. When this method returns, the batch is visible to every read. The
   * returned future completes when the batch is durable (survives a process kill and a power
   * loss), or exceptionally if it could not be made so. Backends group the durability work of
   * concurrent batches (group commit). The future may complete on a backend thread: stages
   * chained to it must not block. An empty batch's future completes at once.
   */
  CompletableFuture<Void> write(WriteBatch batch);

  /**
   * Sets {@code key} to {@code value} if its value is now {@code expected} (null: absent), as one
   * atomic step across every process using the store, durable when this returns.
   *
   * @return whether it was set
   */
  boolean compareAndSet(Space space, byte[] key, byte[] expected, byte[] value);

  /**
   * A new bulk load into {@code space} (see {@link SortedLoad}). The default writes ordinary
   * batches; backends with a faster path for sorted data override it.
   *
   * @throws IllegalArgumentException for a counter space or one put once
   */
  default SortedLoad newSortedLoad(Space space) {
    return new BatchedLoad(this, space);
  }

  /**
   * Removes every key of {@code range} in {@code space}, durable when it returns; for data no
   * reader needs any more (the change feed past its retention), not part of any batch. The
   * default deletes what a scan finds, in batches; backends with a range delete override it.
   */
  default void deleteRange(Space space, KeyRange range) {
    WriteBatch[] batch = {newBatch()};
    scan(space, range, false, (k, v) -> {
      batch[0].delete(space, k);
      if (batch[0].size() == 1_000) {
        write(batch[0]).join();
        batch[0] = newBatch();
      }
      return true;
    });
    write(batch[0]).join();
  }

  /** Rewrites the stored data compactly (a hint; may do nothing). */
  default void compact() {}

  /** @return approximate bytes the store occupies on disk. */
  long diskBytes();

  /**
   * @return approximate bytes of each space's data at rest, by space name, every space of the store
   *     named (0 for one with none): its table files (and RocksDB's blob files), without the logs,
   *     what is only in memory yet, and the store's own files, which {@link #diskBytes} also counts.
   *     As fresh as the backend knows it: HBase's region servers report their sizes every few
   *     seconds, in whole megabytes.
   */
  Map<String, Long> diskBytesBySpace();

  @Override
  void close();
}
