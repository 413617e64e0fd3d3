package io.letterbox.engine.read;

import com.github.benmanes.caffeine.cache.Cache;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * A readers' cache of rows that only this process writes: off (every read goes to the store)
 * until {@link #enable}, which a node calls once it hosts every partition; from then on the
 * writer tells it of each change by {@link #changed}, after the change is in the store. What is
 * absent is cached too (a value standing for none), so a read of something that has none reads
 * nothing either.
 *
 * <p>A read that misses puts what it read, then looks whether any change was told meanwhile; if
 * one was, it takes its entry out again. A change told after that look comes after the put, so
 * its own removal follows it: no entry older than a change it missed outlives that change.
 */
final class InProcessCache<K, V> {
  private volatile Cache<K, V> cache;
  private final AtomicLong changes = new AtomicLong();

  /** From now on this process writes every row cached here and tells each change: up to {@code entries} are kept. */
  void enable(long entries) {
    cache = ReadCaches.newBuilder().maximumSize(entries).build();
  }

  /** @return the value of {@code key}: cached, else read by {@code read} (which never returns null) */
  V get(K key, Function<K, V> read) {
    Cache<K, V> c = cache;
    if (c == null) {
      return read.apply(key);
    }
    V v = c.getIfPresent(key);
    if (v != null) {
      return v;
    }
    long before = changes.get();
    v = read.apply(key);
    c.put(key, v);
    if (changes.get() != before) {
      c.invalidate(key);
    }
    return v;
  }

  /** @return the cached values of those of {@code keys} that are cached (none while off) */
  Map<K, V> present(Iterable<K> keys) {
    Cache<K, V> c = cache;
    return c == null ? Map.of() : c.getAllPresent(keys);
  }

  /** @return the stamp to give {@link #put} for values read from now on */
  long stamp() {
    return changes.get();
  }

  /** Caches {@code read}, read after {@link #stamp} gave {@code stamp}. */
  void put(Map<K, V> read, long stamp) {
    Cache<K, V> c = cache;
    if (c == null || read.isEmpty()) {
      return;
    }
    c.putAll(read);
    if (changes.get() != stamp) {
      c.invalidateAll(read.keySet());
    }
  }

  /** The row of {@code key} changed; the change is in the store. */
  void changed(K key) {
    changes.incrementAndGet();
    Cache<K, V> c = cache;
    if (c != null) {
      c.invalidate(key);
    }
  }
}
