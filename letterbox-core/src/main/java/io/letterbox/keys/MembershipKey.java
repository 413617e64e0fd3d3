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

  /** A group message the member deleted from its view (the {@code group_hidden} space): uid(8) gid(8) id(8). */
  public static byte[] hidden(long uid, long gid, long id) {
    byte[] k = new byte[24];
    Bytes.putLong(k, 0, uid);
    Bytes.putLong(k, 8, gid);
    Bytes.putLong(k, 16, id);
    return k;
  }

  /** The member's deleted messages of the group with {@code fromId <= id < toId}. */
  public static KeyRange hiddenRange(long uid, long gid, long fromId, long toId) {
    return new KeyRange(hidden(uid, gid, fromId), hidden(uid, gid, toId));
  }

  public static long hiddenId(byte[] key) {
    return Bytes.getLong(key, 16);
  }
}
