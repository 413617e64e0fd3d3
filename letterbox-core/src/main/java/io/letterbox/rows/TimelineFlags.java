package io.letterbox.rows;

/** The one-byte value of a {@code conversation} row: how the message relates to its owner. */
public final class TimelineFlags {
  /** The owner sent it. */
  static final byte OUTGOING = 1;
  /** It came from an older system; it never counts as unread. */
  static final byte IMPORTED = 2;

  private TimelineFlags() {}

  public static byte[] of(boolean outgoing, boolean imported) {
    return new byte[] {(byte) ((outgoing ? OUTGOING : 0) | (imported ? IMPORTED : 0))};
  }

  public static boolean outgoing(byte[] value) {
    return (value[0] & OUTGOING) != 0;
  }

  /** Whether the row counts toward its owner's unread messages: incoming and live. */
  public static boolean countsAsUnread(byte[] value) {
    return (value[0] & (OUTGOING | IMPORTED)) == 0;
  }
}
