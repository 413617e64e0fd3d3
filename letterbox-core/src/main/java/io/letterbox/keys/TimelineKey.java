package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;

/**
 * An owner's copy of a message in one conversation: owner(8) peer(8) messageId(8), so that one
 * conversation is one contiguous, time-ordered range and an owner's conversations are adjacent.
 */
public final class TimelineKey {
  public static final int PAIR_PREFIX = 16;
  public static final int LENGTH = 24;

  private TimelineKey() {}

  public static byte[] of(long owner, long peer, long id) {
    byte[] k = new byte[LENGTH];
    Bytes.putLong(k, 0, owner);
    Bytes.putLong(k, 8, peer);
    Bytes.putLong(k, 16, id);
    return k;
  }

  /** Messages of (owner, peer) with {@code fromId <= id < toId}. */
  public static KeyRange range(long owner, long peer, long fromId, long toId) {
    return new KeyRange(of(owner, peer, fromId), of(owner, peer, toId));
  }

  /** Every message of (owner, peer). */
  public static KeyRange conversation(long owner, long peer) {
    return range(owner, peer, 0, Long.MAX_VALUE);
  }

  public static long owner(byte[] key) {
    return Bytes.getLong(key, 0);
  }

  public static long peer(byte[] key) {
    return Bytes.getLong(key, 8);
  }

  public static long id(byte[] key) {
    return Bytes.getLong(key, 16);
  }
}
