package io.letterbox.rows;

import io.letterbox.store.Bytes;

/**
 * A partition's journal entry (decision 0007): the epoch of the writer that committed it, then
 * what its batch applied, in order: an action the partition logged, by its id, or an action
 * another partition logged and this one applied its part of (a delivery), by its id negated.
 * A writer taking the partition commits an entry with nothing in it: its fence.
 *
 * <p>{@code day} is the UTC day (days since the epoch) its writer committed it on, never below its
 * predecessor's: the day bucket of its change-feed events (decision 0010); 0 in entries from
 * before the feed, whose replays write no events.
 *
 * <p>Layout: epoch(8), count(4), then count signed 8-byte ids, then the day(4) if not 0.
 */
public record JournalEntry(long epoch, long[] applied, int day) {
  /** An entry without a day. */
  public JournalEntry(long epoch, long[] applied) {
    this(epoch, applied, 0);
  }

  /** @param id an action id, or an origin id negated for a delivery */
  public static boolean isDelivery(long id) {
    return id < 0;
  }

  public byte[] encode() {
    byte[] v = new byte[12 + 8 * applied.length + (day == 0 ? 0 : 4)];
    Bytes.putLong(v, 0, epoch);
    v[8] = (byte) (applied.length >>> 24);
    v[9] = (byte) (applied.length >>> 16);
    v[10] = (byte) (applied.length >>> 8);
    v[11] = (byte) applied.length;
    for (int i = 0; i < applied.length; i++) {
      Bytes.putLong(v, 12 + 8 * i, applied[i]);
    }
    if (day != 0) {
      int o = 12 + 8 * applied.length;
      v[o] = (byte) (day >>> 24);
      v[o + 1] = (byte) (day >>> 16);
      v[o + 2] = (byte) (day >>> 8);
      v[o + 3] = (byte) day;
    }
    return v;
  }

  /** @throws IllegalStateException when {@code v} is not an encoded entry (a damaged journal) */
  public static JournalEntry decode(byte[] v) {
    int n = v.length < 12 ? -1 : ((v[8] & 0xff) << 24) | ((v[9] & 0xff) << 16) | ((v[10] & 0xff) << 8) | (v[11] & 0xff);
    if (n < 0 || n > (v.length - 12) / 8 || (v.length != 12 + 8 * n && v.length != 16 + 8 * n)) {
      throw new IllegalStateException("corrupt journal entry: " + v.length + " bytes, count " + n);
    }
    long[] applied = new long[n];
    for (int i = 0; i < n; i++) {
      applied[i] = Bytes.getLong(v, 12 + 8 * i);
    }
    int o = 12 + 8 * n;
    int day = v.length >= o + 4
        ? ((v[o] & 0xff) << 24) | ((v[o + 1] & 0xff) << 16) | ((v[o + 2] & 0xff) << 8) | (v[o + 3] & 0xff)
        : 0;
    return new JournalEntry(Bytes.getLong(v, 0), applied, day);
  }
}
