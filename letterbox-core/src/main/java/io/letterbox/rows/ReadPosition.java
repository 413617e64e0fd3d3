package io.letterbox.rows;

import io.letterbox.store.Bytes;

/**
 * A device's position in one conversation: read up to message {@code upTo}, at which point
 * {@code base} of the conversation's incoming live messages counted as read. Unread is then the
 * incoming counter minus {@code base}: exact, and answered without looking at a message.
 */
public record ReadPosition(long upTo, long base) {
  public static final ReadPosition NONE = new ReadPosition(0, 0);

  public byte[] encode() {
    byte[] b = new byte[16];
    Bytes.putLong(b, 0, upTo);
    Bytes.putLong(b, 8, base);
    return b;
  }

  public static ReadPosition decode(byte[] b) {
    return b == null ? NONE : new ReadPosition(Bytes.getLong(b, 0), Bytes.getLong(b, 8));
  }
}
