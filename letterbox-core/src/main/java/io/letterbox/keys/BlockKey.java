package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;

/**
 * One block of a per-owner uid set: owner(8) block(8). Used for a sender's paired receivers.
 */
public final class BlockKey {
  public static final int OWNER_PREFIX = 8;

  private BlockKey() {}

  public static byte[] of(long owner, long block) {
    byte[] k = new byte[16];
    Bytes.putLong(k, 0, owner);
    Bytes.putLong(k, 8, block);
    return k;
  }

  public static KeyRange owner(long owner) {
    return KeyRange.prefix(Bytes.ofLong(owner));
  }

  public static long block(byte[] key) {
    return Bytes.getLong(key, 8);
  }
}
