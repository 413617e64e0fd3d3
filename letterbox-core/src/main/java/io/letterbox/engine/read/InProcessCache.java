package io.letterbox.engine.read;

import com.github.benmanes.caffeine.cache.Cache;
import java.util.Arrays;
import java.util.List;
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

  /**
   * @return the values of {@code keys}, in their order: the cached ones, and the others read by
   *     {@code read} in one call, given their places in {@code keys} (in order) and returning their
   *     values in that order (none null)
   */
  List<V> getAll(List<K> keys, Function<int[], List<V>> read) {
    Cache<K, V> c = cache;
    Object[] out = new Object[keys.size()];
    int[] missed = new int[keys.size()];
    int n = 0;
    for (int i = 0; i < out.length; i++) {
      Object v = c == null ? null : c.getIfPresent(keys.get(i));
      if (v == null) {
        missed[n++] = i;
      } else {
        out[i] = v;
      }
    }
    if (n > 0) {
      long before = changes.get();
      int[] places = n == missed.length ? missed : Arrays.copyOf(missed, n);
      List<V> values = read.apply(places);
      for (int j = 0; j < n; j++) {
        out[places[j]] = values.get(j);
        if (c != null) {
          c.put(keys.get(places[j]), values.get(j));
        }
      }
      if (c != null && changes.get() != before) {
        for (int place : places) {
          c.invalidate(keys.get(place));
        }
      }
    }
    @SuppressWarnings("unchecked")
    List<V> all = (List<V>) Arrays.asList(out);
    return all;
  }

  /**
   * Puts {@code now} in place of {@code old} (the value {@link #get} or {@link #getAll} gave) if
   * {@code old} is still the one cached: a change told since dropped it, so nothing replaces it.
   */
  void replace(K key, V old, V now) {
    Cache<K, V> c = cache;
    if (c != null && old != now) {
      c.asMap().replace(key, old, now);
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
