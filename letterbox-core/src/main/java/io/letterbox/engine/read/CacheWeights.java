package io.letterbox.engine.read;

import com.github.benmanes.caffeine.cache.Cache;

/** What a cache bounded by a weigher holds, as its weigher counts it. */
final class CacheWeights {
  private CacheWeights() {}

  /**
   * @return the weighed size of {@code cache} once its pending updates are applied (Caffeine
   *     applies them in the background, so a read right after a put could miss it); 0 if unbounded
   */
  static long of(Cache<?, ?> cache) {
    cache.cleanUp();
    return cache.policy().eviction().map(e -> e.weightedSize().orElse(0)).orElse(0L);
  }
}
