package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;

/** A conversation as a whole: owner(8) peer(8). */
public final class PairKey {
  public static final int OWNER_PREFIX = 8;

  private PairKey() {}

  public static byte[] of(long owner, long peer) {
    byte[] k = new byte[16];
    Bytes.putLong(k, 0, owner);
    Bytes.putLong(k, 8, peer);
    return k;
  }

  /** Every conversation of the owner. */
  public static KeyRange owner(long owner) {
    return KeyRange.prefix(Bytes.ofLong(owner));
  }

  public static long ownerOf(byte[] key) {
    return Bytes.getLong(key, 0);
  }

  public static long peer(byte[] key) {
    return Bytes.getLong(key, 8);
  }
}
