package io.letterbox.store;

import java.util.ArrayList;
import java.util.List;

/**
 * The reading half of a {@link KeyValueStore}: what the engine's state reads need, whether they
 * read the store itself or the store seen through writes not yet made (the engine's pending batch).
 */
public interface StoreReads {

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

  /** @return the counters at {@code keys}, in order; 0 where absent. A store reads them together. */
  default long[] counters(Space space, List<byte[]> keys) {
    long[] out = new long[keys.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = counter(space, keys.get(i));
    }
    return out;
  }
}
