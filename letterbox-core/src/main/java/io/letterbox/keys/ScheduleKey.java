package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;

/**
 * Keys of scheduled messages (decision 0052): the timers {@code sendAt(8) id(8)}, epoch
 * milliseconds then the schedule's id, so the due ones are a range from the start; and each
 * sender's schedules {@code 0xFF uid(8) id(8)} (no time starts with that byte), listed in id order.
 * A timer's value is the owner whose partition keeps the schedule, then its sender where that is
 * another (a group post's): the sweep tests the first for its partition, and finds the row by the
 * second.
 */
public final class ScheduleKey {
  private static final byte BY_SENDER = (byte) 0xFF;

  private ScheduleKey() {}

  public static byte[] timer(long sendAt, long id) {
    byte[] k = new byte[16];
    Bytes.putLong(k, 0, sendAt);
    Bytes.putLong(k, 8, id);
    return k;
  }

  /** A timer's value: {@code owner(8)}, then {@code sender(8)} if it is another. */
  public static byte[] timerValue(long owner, long sender) {
    if (owner == sender) {
      return Bytes.ofLong(owner);
    }
    byte[] v = new byte[16];
    Bytes.putLong(v, 0, owner);
    Bytes.putLong(v, 8, sender);
    return v;
  }

  /** The owner whose partition keeps a timer's schedule. */
  public static long owner(byte[] timerValue) {
    return Bytes.getLong(timerValue, 0);
  }

  /** The sender of a timer's schedule, whose row it is. */
  public static long sender(byte[] timerValue) {
    return Bytes.getLong(timerValue, timerValue.length >= 16 ? 8 : 0);
  }

  /** The timers due at {@code now}: those at or before it. */
  public static KeyRange due(long now) {
    return new KeyRange(new byte[0], timer(now + 1, 0));
  }

  public static long id(byte[] timer) {
    return Bytes.getLong(timer, 8);
  }

  public static byte[] ofSender(long uid, long id) {
    byte[] k = new byte[17];
    k[0] = BY_SENDER;
    Bytes.putLong(k, 1, uid);
    Bytes.putLong(k, 9, id);
    return k;
  }

  /** Sender {@code uid}'s schedules with ids above {@code after}. */
  public static KeyRange listed(long uid, long after) {
    byte[] from = ofSender(uid, after + 1);
    byte[] to = new byte[9];
    to[0] = BY_SENDER;
    Bytes.putLong(to, 1, uid + 1);
    return new KeyRange(from, to);
  }

  public static long sendersId(byte[] key) {
    return Bytes.getLong(key, 9);
  }
}
