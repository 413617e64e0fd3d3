package io.letterbox.engine;

/**
 * Keys of engine state for the sequencer's conflict check, hashed into longs. Two different
 * pieces of state may share a key; that only costs an extra flush.
 */
final class Conflicts {
  private Conflicts() {}

  /** One conversation, seen from either side. */
  static long pair(long a, long b) {
    long lo = Math.min(a, b);
    long hi = Math.max(a, b);
    return mix(mix(lo * 31 + 1) ^ hi);
  }

  /** Everything of one owner (its conversation set, its watermark). */
  static long owner(long uid) {
    return mix(uid * 31 + 2);
  }

  static long idempotency(long sender, String key) {
    return mix(mix(sender * 31 + 3) ^ key.hashCode());
  }

  /** The imported ids of one millisecond. */
  static long importedMilli(long epochMillis) {
    return mix(epochMillis * 31 + 4);
  }

  static long cap(long sender) {
    return mix(sender * 31 + 5);
  }

  /** A target's relation blocks and its broadcasts' audiences. */
  static long relations(long target) {
    return mix(target * 31 + 6);
  }

  static long segment(String name) {
    return mix(mix(7) ^ name.hashCode());
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
    z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
    return z ^ (z >>> 33);
  }
}
