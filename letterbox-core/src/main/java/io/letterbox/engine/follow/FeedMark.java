package io.letterbox.engine.follow;

import io.letterbox.store.Bytes;

/**
 * A consumer's place in a partition's feed: entry {@code seq} of the partition's journal, of
 * whose events the first {@code index} were delivered ({@link Integer#MAX_VALUE}: all of them).
 */
public record FeedMark(long seq, int index) implements Comparable<FeedMark> {
  /** Before every entry. */
  public static final FeedMark START = new FeedMark(0, Integer.MAX_VALUE);

  /** After every event of entry {@code seq}. */
  public static FeedMark after(long seq) {
    return new FeedMark(seq, Integer.MAX_VALUE);
  }

  /** Whether every event of entry {@code seq} is covered. */
  public boolean covers(long seq) {
    return this.seq > seq || (this.seq == seq && index == Integer.MAX_VALUE);
  }

  /** The last entry of which nothing is left to deliver. */
  public long lastWhole() {
    return index == Integer.MAX_VALUE ? seq : seq - 1;
  }

  public byte[] encode() {
    byte[] v = new byte[12];
    Bytes.putLong(v, 0, seq);
    v[8] = (byte) (index >>> 24);
    v[9] = (byte) (index >>> 16);
    v[10] = (byte) (index >>> 8);
    v[11] = (byte) index;
    return v;
  }

  public static FeedMark decode(byte[] v) {
    return new FeedMark(Bytes.getLong(v, 0),
        ((v[8] & 0xff) << 24) | ((v[9] & 0xff) << 16) | ((v[10] & 0xff) << 8) | (v[11] & 0xff));
  }

  @Override
  public int compareTo(FeedMark o) {
    int c = Long.compare(seq, o.seq);
    return c != 0 ? c : Integer.compare(index, o.index);
  }

  @Override
  public String toString() {
    return seq + (index == Integer.MAX_VALUE ? "" : "." + index);
  }
}
