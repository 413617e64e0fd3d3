package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;

/**
 * Keys of the disappearing messages' timers (decision 0045): {@code expireAt(8) id(8)}, epoch
 * milliseconds then the message id, so the due ones are a range from the start; and, to find a
 * message's timer from its id, {@code 0xFF id(8)} (no time starts with that byte).
 */
public final class ExpiryKey {
  private static final byte BY_MESSAGE = (byte) 0xFF;

  private ExpiryKey() {}

  public static byte[] timer(long expireAt, long id) {
    byte[] k = new byte[16];
    Bytes.putLong(k, 0, expireAt);
    Bytes.putLong(k, 8, id);
    return k;
  }

  /** The timers due at {@code now}: those at or before it. */
  public static KeyRange due(long now) {
    return new KeyRange(new byte[0], timer(now + 1, 0));
  }

  public static long expireAt(byte[] timer) {
    return Bytes.getLong(timer, 0);
  }

  public static long id(byte[] timer) {
    return Bytes.getLong(timer, 8);
  }

  public static byte[] byMessage(long id) {
    byte[] k = new byte[9];
    k[0] = BY_MESSAGE;
    Bytes.putLong(k, 1, id);
    return k;
  }
}
