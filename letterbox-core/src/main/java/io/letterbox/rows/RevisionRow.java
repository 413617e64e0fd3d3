package io.letterbox.rows;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.letterbox.store.Bytes;

/**
 * How a message was revised (the {@code revisions} space, decision 0009): recalled at
 * {@code recalledAt}, and edited at {@code editedAt} to {@code text} (epoch milliseconds, 0 for
 * never). Layout: flags (1 byte: 1 recalled, 2 the recall's time follows), editedAt (8 bytes),
 * recalledAt (8 bytes, with flag 2), the text (UTF-8) to the end. Rows written before the recall's
 * time was kept have flag 1 alone: recalled at an unknown time, read as 1 (long ago).
 */
public record RevisionRow(long recalledAt, long editedAt, String text) {
  private static final int RECALLED = 1;
  private static final int RECALL_TIME = 2;

  public boolean recalled() {
    return recalledAt != 0;
  }

  /** @return when it was last revised (epoch milliseconds) */
  public long revisedAt() {
    return Math.max(recalledAt, editedAt);
  }

  public byte[] encode() {
    byte[] t = text == null ? new byte[0] : text.getBytes(UTF_8);
    int head = recalled() ? 17 : 9;
    byte[] v = new byte[head + t.length];
    v[0] = (byte) (recalled() ? RECALLED | RECALL_TIME : 0);
    Bytes.putLong(v, 1, editedAt);
    if (recalled()) {
      Bytes.putLong(v, 9, recalledAt);
    }
    System.arraycopy(t, 0, v, head, t.length);
    return v;
  }

  /** @return the row, or null for none */
  public static RevisionRow decode(byte[] v) {
    if (v == null) {
      return null;
    }
    long editedAt = Bytes.getLong(v, 1);
    boolean timed = (v[0] & RECALL_TIME) != 0;
    long recalledAt = timed ? Bytes.getLong(v, 9) : (v[0] & RECALLED) != 0 ? UNKNOWN_TIME : 0;
    int head = timed ? 17 : 9;
    return new RevisionRow(recalledAt, editedAt, editedAt == 0 ? null : new String(v, head, v.length - head, UTF_8));
  }

  /** The recall time of a row that did not keep it: long ago, as far as any reader can tell. */
  private static final long UNKNOWN_TIME = 1;
}
