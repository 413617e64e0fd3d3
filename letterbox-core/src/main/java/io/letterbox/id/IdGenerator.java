package io.letterbox.id;

import java.time.Clock;

/**
 * Issues live message ids: strictly increasing on this node, also across restarts (it starts
 * above the largest id already stored) and when the clock steps backwards (it keeps counting on
 * from the last millisecond it used until the clock catches up). When a millisecond's 4,096
 * sequence numbers are used up it borrows the next millisecond.
 */
public final class IdGenerator {
  private static final long SEQUENCE_MASK = (1L << Ids.SEQUENCE_BITS) - 1;

  private final Clock clock;
  private final long node;
  private long lastMillis;
  private long sequence;

  /**
   * @param node  this node's number, 0..{@link Ids#MAX_NODE}
   * @param floor the largest id already issued (0 for none); every new id is larger
   */
  public IdGenerator(Clock clock, int node, long floor) {
    if (node < 0 || node > Ids.MAX_NODE) {
      throw new IllegalArgumentException("node must be 0.." + Ids.MAX_NODE + ": " + node);
    }
    this.clock = clock;
    this.node = node;
    this.lastMillis = floor >>> Ids.LOW_BITS;
    // Start past the floor's sequence whatever node issued it.
    this.sequence = SEQUENCE_MASK;
  }

  public synchronized long next() {
    long now = clock.millis() - Ids.EPOCH;
    if (now > lastMillis) {
      lastMillis = now;
      sequence = 0;
    } else if (++sequence > SEQUENCE_MASK) {
      lastMillis++;
      sequence = 0;
    }
    return (lastMillis << Ids.LOW_BITS) | (node << Ids.SEQUENCE_BITS) | sequence;
  }
}
