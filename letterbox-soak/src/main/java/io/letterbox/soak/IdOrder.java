package io.letterbox.soak;

import java.util.Map;
import java.util.TreeMap;

/**
 * The ids each server life created: every life's ids must be above every earlier life's (ids
 * increase with time, and a restart must not reuse or go back). A write found stored after a
 * kill belongs to the life it was sent in.
 */
final class IdOrder {
  private final Map<Integer, long[]> minMax = new TreeMap<>();

  synchronized void created(int life, long id) {
    long[] m = minMax.computeIfAbsent(life, l -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
    m[0] = Math.min(m[0], id);
    m[1] = Math.max(m[1], id);
  }

  /** Checks that each life's smallest id is above all earlier lives' largest. */
  synchronized void check(Tally tally) {
    long before = Long.MIN_VALUE;
    int beforeLife = 0;
    for (Map.Entry<Integer, long[]> e : minMax.entrySet()) {
      tally.check(e.getValue()[0] > before, "life " + e.getKey() + " created id " + e.getValue()[0]
          + ", not above id " + before + " of life " + beforeLife);
      if (e.getValue()[1] > before) {
        before = e.getValue()[1];
        beforeLife = e.getKey();
      }
    }
  }
}
