package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;

/** A group's timeline, stored once for all its members (decision 0011): gid(8) messageId(8). */
public final class GroupTimelineKey {
  public static final int GROUP_PREFIX = 8;

  private GroupTimelineKey() {}

  public static byte[] of(long gid, long id) {
    byte[] k = new byte[16];
    Bytes.putLong(k, 0, gid);
    Bytes.putLong(k, 8, id);
    return k;
  }

  /** The group's messages with {@code fromId <= id < toId}. */
  public static KeyRange range(long gid, long fromId, long toId) {
    return new KeyRange(of(gid, fromId), of(gid, toId));
  }

  public static long id(byte[] key) {
    return Bytes.getLong(key, 8);
  }
}
