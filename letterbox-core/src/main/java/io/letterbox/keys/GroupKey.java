package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import java.nio.charset.StandardCharsets;

/**
 * What a group's partition decides about it (decision 0011), one prefix per group: gid(8) tag(1)
 * rest. {@code gid 'h'}: the header; {@code gid 'm' uid(8)}: a member; {@code gid 'k' sender(8)
 * key}: a post's idempotency key; {@code gid 'c' window(8) block(8)}: cap counters of its posters;
 * {@code gid 'v'}: the sequence numbers of its posts that vanished for every member (decision 0045).
 */
public final class GroupKey {
  public static final int GROUP_PREFIX = 8;

  private static final byte HEADER = 'h';
  private static final byte MEMBER = 'm';
  private static final byte POST_KEY = 'k';
  private static final byte CAP_LEVELS = 'c';
  private static final byte VANISHED = 'v';

  private GroupKey() {}

  public static byte[] header(long gid) {
    byte[] k = new byte[9];
    Bytes.putLong(k, 0, gid);
    k[8] = HEADER;
    return k;
  }

  /** The group's vanished posts: a RoaringBitmap of their sequence numbers. */
  public static byte[] vanished(long gid) {
    byte[] k = new byte[9];
    Bytes.putLong(k, 0, gid);
    k[8] = VANISHED;
    return k;
  }

  public static byte[] member(long gid, long uid) {
    byte[] k = new byte[17];
    Bytes.putLong(k, 0, gid);
    k[8] = MEMBER;
    Bytes.putLong(k, 9, uid);
    return k;
  }

  /** The group's members with uids above {@code after}, in uid order. */
  public static KeyRange membersAfter(long gid, long after) {
    byte[] end = new byte[9];
    Bytes.putLong(end, 0, gid);
    end[8] = MEMBER + 1;
    return new KeyRange(member(gid, after + 1), end);
  }

  public static long memberUid(byte[] key) {
    return Bytes.getLong(key, 9);
  }

  /** The group's cap counters of one window for one block of posters. */
  public static byte[] capLevels(long gid, long windowStart, long block) {
    byte[] k = new byte[25];
    Bytes.putLong(k, 0, gid);
    k[8] = CAP_LEVELS;
    Bytes.putLong(k, 9, windowStart);
    Bytes.putLong(k, 17, block);
    return k;
  }

  /** The idempotency key {@code key} of {@code sender}'s posts to the group. */
  public static byte[] postKey(long gid, long sender, String key) {
    byte[] s = key.getBytes(StandardCharsets.UTF_8);
    byte[] k = new byte[17 + s.length];
    Bytes.putLong(k, 0, gid);
    k[8] = POST_KEY;
    Bytes.putLong(k, 9, sender);
    System.arraycopy(s, 0, k, 17, s.length);
    return k;
  }
}
