package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;

/**
 * An event of an owner's change feed (decision 0010): day(4) owner(8) seq(8) ordinal(4),
 * big-endian. {@code day} is the UTC day (days since the epoch) of the journal entry that wrote
 * it, {@code seq} that entry's seq in the owner's partition, {@code ordinal} the event's place
 * among the entry's events. The day leads so that a day's events of every owner go in one range
 * delete once they pass the retention; within a day an owner's events scan in feed order.
 */
public final class FeedKey {
  /** Day and owner: one owner's events of one day are scanned together. */
  public static final int DAY_OWNER_PREFIX = 12;

  private FeedKey() {}

  public static byte[] of(int day, long owner, long seq, int ordinal) {
    byte[] k = new byte[24];
    putInt(k, 0, day);
    Bytes.putLong(k, 4, owner);
    Bytes.putLong(k, 12, seq);
    putInt(k, 20, ordinal);
    return k;
  }

  /**
   * {@code owner}'s events of {@code day} after (seq, ordinal) and up to entry {@code toSeq}'s;
   * ordinal {@link Integer#MAX_VALUE} stands for after every event of entry {@code seq}.
   */
  public static KeyRange after(int day, long owner, long seq, int ordinal, long toSeq) {
    byte[] from = ordinal == Integer.MAX_VALUE ? of(day, owner, seq + 1, 0) : of(day, owner, seq, ordinal + 1);
    byte[] to = of(day, owner, toSeq + 1, 0);
    return java.util.Arrays.compareUnsigned(from, to) >= 0 ? new KeyRange(to, to) : new KeyRange(from, to);
  }

  /** {@code owner}'s events of {@code day} up to entry {@code toSeq}'s. */
  public static KeyRange through(int day, long owner, long toSeq) {
    return new KeyRange(of(day, owner, 0, 0), of(day, owner, toSeq + 1, 0));
  }

  /** {@code owner}'s events of entry {@code seq}, written on {@code day}. */
  public static KeyRange at(int day, long owner, long seq) {
    return new KeyRange(of(day, owner, seq, 0), of(day, owner, seq + 1, 0));
  }

  /** Every event of days before {@code day}. */
  public static KeyRange before(int day) {
    byte[] to = new byte[4];
    putInt(to, 0, day);
    return new KeyRange(new byte[0], to);
  }

  public static int day(byte[] key) {
    return getInt(key, 0);
  }

  public static long seq(byte[] key) {
    return Bytes.getLong(key, 12);
  }

  public static int ordinal(byte[] key) {
    return getInt(key, 20);
  }

  private static void putInt(byte[] b, int off, int v) {
    b[off] = (byte) (v >>> 24);
    b[off + 1] = (byte) (v >>> 16);
    b[off + 2] = (byte) (v >>> 8);
    b[off + 3] = (byte) v;
  }

  private static int getInt(byte[] b, int off) {
    return ((b[off] & 0xff) << 24) | ((b[off + 1] & 0xff) << 16) | ((b[off + 2] & 0xff) << 8) | (b[off + 3] & 0xff);
  }
}
