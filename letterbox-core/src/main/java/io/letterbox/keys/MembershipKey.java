package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;

/**
 * What a member's partition keeps of each group it is or was in (decision 0011): uid(8) gid(8),
 * so that a user's groups are one short range.
 */
public final class MembershipKey {
  public static final int UID_PREFIX = 8;

  private MembershipKey() {}

  public static byte[] of(long uid, long gid) {
    byte[] k = new byte[16];
    Bytes.putLong(k, 0, uid);
    Bytes.putLong(k, 8, gid);
    return k;
  }

  /** Every group of {@code uid}. */
  public static KeyRange uid(long uid) {
    return KeyRange.prefix(Bytes.ofLong(uid));
  }

  public static long gid(byte[] key) {
    return Bytes.getLong(key, 8);
  }
}
