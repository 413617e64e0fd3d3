package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;

/**
 * Keys of scheduled messages (decision 0052): the timers {@code sendAt(8) id(8)}, epoch
 * milliseconds then the schedule's id, so the due ones are a range from the start; and each
 * sender's schedules {@code 0xFF uid(8) id(8)} (no time starts with that byte), listed in id order.
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
