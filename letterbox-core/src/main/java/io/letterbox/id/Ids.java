package io.letterbox.id;

import java.time.Instant;

/**
 * The layout of a 64-bit message id: 41 bits of milliseconds since {@link #EPOCH}, then 22 low
 * bits that make ids of the same millisecond unique. Live ids use 1 bit 0, 9 bits node and 12 bits
 * sequence; imported history sets that first bit and numbers its messages in the remaining 21, so
 * an import can never take an id the live generator will issue. The sign bit is always 0, so ids
 * are positive and sort numerically by time. The epoch is
 * 2000-01-01 so that imported history of the older systems (Weibo DMs date from 2009) fits, and
 * the ids last until 2069.
 */
public final class Ids {
  /** 2000-01-01T00:00:00Z in Unix milliseconds. */
  public static final long EPOCH = 946_684_800_000L;
  public static final int LOW_BITS = 22;
  public static final int SEQUENCE_BITS = 12;
  public static final int NODE_BITS = 9;
  public static final int MAX_NODE = (1 << NODE_BITS) - 1;
  /** Set in the ids of imported messages. */
  public static final long IMPORTED = 1L << (LOW_BITS - 1);
  /** How many imported messages one millisecond holds. */
  public static final long IMPORTED_PER_MILLI = IMPORTED;
  public static final long MAX_TIMESTAMP = EPOCH + (1L << 41) - 1;

  private Ids() {}

  /** @return the Unix time in milliseconds at which {@code id} was created. */
  public static long epochMillis(long id) {
    return (id >>> LOW_BITS) + EPOCH;
  }

  public static boolean isImported(long id) {
    return (id & IMPORTED) != 0;
  }

  public static Instant createdAt(long id) {
    return Instant.ofEpochMilli(epochMillis(id));
  }

  /** @return the smallest id of the millisecond {@code epochMillis}. */
  public static long firstIdAt(long epochMillis) {
    if (epochMillis < EPOCH || epochMillis > MAX_TIMESTAMP) {
      throw new IllegalArgumentException("time outside the id range: " + Instant.ofEpochMilli(epochMillis));
    }
    return (epochMillis - EPOCH) << LOW_BITS;
  }
}
