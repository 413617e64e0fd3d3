package io.letterbox.engine.read;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Cache;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** The readers' caches keep themselves up to date on the threads that use them. */
class ReadCachesTest {
  @Test
  void evictsPastItsBoundOnTheThreadThatWrote() {
    Set<Thread> evictedOn = ConcurrentHashMap.newKeySet();
    Cache<Long, Long> cache = ReadCaches.newBuilder()
        .maximumSize(10)
        .evictionListener((Long k, Long v, com.github.benmanes.caffeine.cache.RemovalCause cause) ->
            evictedOn.add(Thread.currentThread()))
        .build();

    for (long i = 0; i < 1_000; i++) {
      cache.put(i, i);
    }

    assertThat(evictedOn).containsExactly(Thread.currentThread());
    assertThat(cache.estimatedSize()).isLessThanOrEqualTo(10);
  }
}
