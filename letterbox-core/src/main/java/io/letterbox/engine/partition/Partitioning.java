package io.letterbox.engine.partition;

import io.letterbox.id.Ids;
import java.nio.charset.StandardCharsets;

/**
 * Which of the store's P partitions owns an owner's state (decision 0007). P is fixed when the
 * store is created; a partition's writer stamps its ids with the partition as their node number,
 * so P is at most {@link #MAX}.
 */
public record Partitioning(int count) {
  public static final int MAX = Ids.MAX_NODE + 1;
  /** Imports are decided by one partition: their ids are numbered per millisecond of original time. */
  public static final int IMPORTS = 0;

  public Partitioning {
    if (count < 1 || count > MAX) {
      throw new IllegalArgumentException("partitions must be 1.." + MAX + ": " + count);
    }
  }

  /**
   * The partition count a new store of one node gets on {@code cores} cores (decision 0030): one
   * per two cores, so that half of them run sequencers and the other half everything else a send
   * costs (readers, the search indexer, HTTP). On two cores that is one: a second partition
   * doubles no core's work there but adds a delivery to half the sends (measured 0.70–0.78x).
   */
  public static int forCores(int cores) {
    return Math.max(1, Math.min(MAX, cores / 2));
  }

  /** The partition of a user (or any owner numbered like one). */
  public int of(long owner) {
    return count == 1 ? 0 : (int) Long.remainderUnsigned(mix(owner), count);
  }

  /** The partition of a named owner (a segment). */
  public int ofName(String name) {
    long h = 1125899906842597L;
    for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
      h = 31 * h + b;
    }
    return of(h);
  }

  /** The finalizer of SplitMix64: neighbouring uids land in unrelated partitions. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
