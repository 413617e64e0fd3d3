package io.letterbox.server.http.access;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What each user has open at once on this node (event streams, uploads), exactly: a count per user
 * that has something open, gone when it falls to 0, so that the map holds no more users than there
 * are open requests.
 */
final class OpenCounts {
  private final int max;
  private final Map<Long, Integer> open = new ConcurrentHashMap<>();

  OpenCounts(int max) {
    this.max = max;
  }

  /** @return whether {@code uid} had fewer than the maximum open; then one more is counted until {@link #close} */
  boolean tryOpen(long uid) {
    boolean[] opened = {false};
    open.compute(uid, (k, n) -> {
      int now = n == null ? 0 : n;
      if (now >= max) {
        return n;
      }
      opened[0] = true;
      return now + 1;
    });
    return opened[0];
  }

  void close(long uid) {
    open.computeIfPresent(uid, (k, n) -> n <= 1 ? null : n - 1);
  }

  int max() {
    return max;
  }
}
