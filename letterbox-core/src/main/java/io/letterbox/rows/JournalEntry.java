package io.letterbox.rows;

import io.letterbox.store.Bytes;

/**
 * A partition's journal entry (decision 0007): the epoch of the writer that committed it, then
 * what its batch applied, in order: an action the partition logged, by its id, or an action
 * another partition logged and this one applied its part of (a delivery), by its id negated.
 * A writer taking the partition commits an entry with nothing in it: its fence.
 *
 * <p>Layout: epoch(8), count(4), then count signed 8-byte ids.
 */
public record JournalEntry(long epoch, long[] applied) {
  /** @param id an action id, or an origin id negated for a delivery */
  public static boolean isDelivery(long id) {
    return id < 0;
  }

  public byte[] encode() {
    byte[] v = new byte[12 + 8 * applied.length];
    Bytes.putLong(v, 0, epoch);
    v[8] = (byte) (applied.length >>> 24);
    v[9] = (byte) (applied.length >>> 16);
    v[10] = (byte) (applied.length >>> 8);
    v[11] = (byte) applied.length;
    for (int i = 0; i < applied.length; i++) {
      Bytes.putLong(v, 12 + 8 * i, applied[i]);
    }
    return v;
  }

  public static JournalEntry decode(byte[] v) {
    int n = ((v[8] & 0xff) << 24) | ((v[9] & 0xff) << 16) | ((v[10] & 0xff) << 8) | (v[11] & 0xff);
    long[] applied = new long[n];
    for (int i = 0; i < n; i++) {
      applied[i] = Bytes.getLong(v, 12 + 8 * i);
    }
    return new JournalEntry(Bytes.getLong(v, 0), applied);
  }
}
