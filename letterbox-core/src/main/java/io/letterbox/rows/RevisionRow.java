package io.letterbox.rows;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.letterbox.store.Bytes;

/**
 * How a message was revised (the {@code revisions} space, decision 0009): recalled, or edited at
 * {@code editedAt} (epoch milliseconds, 0 for never) to {@code text}. Layout: flags (1 byte:
 * 1 recalled), editedAt (8 bytes), the text (UTF-8) to the end.
 */
public record RevisionRow(boolean recalled, long editedAt, String text) {
  public byte[] encode() {
    byte[] t = text == null ? new byte[0] : text.getBytes(UTF_8);
    byte[] v = new byte[9 + t.length];
    v[0] = (byte) (recalled ? 1 : 0);
    Bytes.putLong(v, 1, editedAt);
    System.arraycopy(t, 0, v, 9, t.length);
    return v;
  }

  /** @return the row, or null for none */
  public static RevisionRow decode(byte[] v) {
    if (v == null) {
      return null;
    }
    long editedAt = Bytes.getLong(v, 1);
    return new RevisionRow((v[0] & 1) != 0, editedAt, editedAt == 0 ? null : new String(v, 9, v.length - 9, UTF_8));
  }
}
