package io.letterbox.store;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The storage SPI: an ordered byte-key store with named spaces. Nothing above it knows which
 * product stores the bytes. Keys compare as unsigned bytes. Implementations are thread-safe.
 *
 * <p>The spaces are fixed when the store is opened; using another is an
 * {@link IllegalArgumentException}.
 */
public interface KeyValueStore extends AutoCloseable {

  /** @return the value at {@code key}, or null when absent. Never for counter spaces. */
  byte[] get(Space space, byte[] key);

  /** @return the values at {@code keys} in the same order, null where absent. */
  List<byte[]> multiGet(Space space, List<byte[]> keys);

  /**
   * Visits the entries of {@code range} in ascending key order, or descending when
   * {@code reverse}, until the visitor returns false or the range ends. Counter spaces yield
   * their values as 8-byte big-endian longs.
   */
  void scan(Space space, KeyRange range, boolean reverse, ScanVisitor visitor);

  /** @return at most {@code limit} entries of {@code range}, in scan order. */
  default List<KeyValue> scan(Space space, KeyRange range, boolean reverse, int limit) {
    if (limit <= 0) {
      throw new IllegalArgumentException("limit must be positive: " + limit);
    }
    List<KeyValue> out = new ArrayList<>(Math.min(limit, 64));
    scan(space, range, reverse, (k, v) -> {
      out.add(new KeyValue(k, v));
      return out.size() < limit;
    });
    return out;
  }

  /** @return the counter at {@code key}; 0 when absent. */
  long counter(Space space, byte[] key);

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
   * A new bulk load into {@code space} (see {@link SortedLoad}). The default writes ordinary
   * batches; backends with a faster path for sorted data override it.
   *
   * @throws IllegalArgumentException for a counter space
   */
  default SortedLoad newSortedLoad(Space space) {
    return new BatchedLoad(this, space);
  }

  /** Rewrites the stored data compactly (a hint; may do nothing). */
  default void compact() {}

  /** @return approximate bytes the store occupies on disk. */
  long diskBytes();

  @Override
  void close();
}
