package io.letterbox.engine.read;

import com.github.benmanes.caffeine.cache.Caffeine;

/**
 * How the readers' caches are built: their upkeep (applying the buffered reads and writes,
 * evicting past the bound) runs on the thread that reads or writes them, a little at a time.
 * Caffeine's default hands it to the common fork-join pool after writes and full read buffers:
 * profiled on newest pages under load, waking a pool thread for it was half of a cache put and
 * 7 % of a reader thread's CPU, for work that takes less than the wake-up.
 */
final class ReadCaches {
  private ReadCaches() {}

  /** @return a Caffeine builder whose upkeep runs on the calling thread */
  static Caffeine<Object, Object> newBuilder() {
    return Caffeine.newBuilder().executor(Runnable::run);
  }
}
