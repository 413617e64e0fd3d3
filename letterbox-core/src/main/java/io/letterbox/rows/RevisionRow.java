package io.letterbox.rows;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.letterbox.store.Bytes;
import java.util.List;

/**
 * How a message was revised (the {@code revisions} space, decision 0009): recalled at
 * {@code recalledAt}, edited at {@code editedAt} to {@code text} by the edits logged at
 * {@code edits} (their log ids, oldest first), removed at {@code removedAt} (decision 0042: then
 * no text and no edits are kept); epoch milliseconds, 0 for never. Layout: flags (1 byte: 1
 * recalled, 2 the recall's time follows, 4 removed, 8 the edits' ids follow), editedAt (8 bytes),
 * recalledAt (8 bytes, with flag 2), removedAt (8 bytes, with flag 4), the edits (with flag 8: an
 * 8-byte count, 8 bytes each), the text (UTF-8) to the end. Rows written before the recall's time
 * was kept have flag 1 alone: recalled at an unknown time, read as 1 (long ago); rows of edits
 * written before edits' ids were kept (store format 6) get them from the format-7 upgrade.
 */
public record RevisionRow(long recalledAt, long editedAt, String text, long removedAt, List<Long> edits) {
  private static final int RECALLED = 1;
  private static final int RECALL_TIME = 2;
  private static final int REMOVED = 4;
  private static final int EDITS = 8;

  public RevisionRow {
    edits = List.copyOf(edits);
  }

  /** A row of no removal and no known edit ids. */
  public RevisionRow(long recalledAt, long editedAt, String text) {
    this(recalledAt, editedAt, text, 0, List.of());
  }

  public boolean recalled() {
    return recalledAt != 0;
  }

  public boolean removed() {
    return removedAt != 0;
  }

  /** The event that tells of it as it is now: removed, recalled, or edited. */
  public FeedRow.Type eventType() {
    return removed() ? FeedRow.Type.REMOVED : recalled() ? FeedRow.Type.RECALLED : FeedRow.Type.EDITED;
  }

  /** @return when it was last revised (epoch milliseconds) */
  public long revisedAt() {
    return Math.max(Math.max(recalledAt, editedAt), removedAt);
  }

  /** This row with one more edit, logged at {@code logId}, to {@code newText} at {@code at}. */
  public RevisionRow withEdit(long logId, String newText, long at) {
    List<Long> more = new java.util.ArrayList<>(edits);
    more.add(logId);
    return new RevisionRow(recalledAt, at, newText, removedAt, more);
  }

  /** The row of the message removed at {@code at}: its recall is kept, its edits are gone. */
  public RevisionRow removed(long at) {
    return new RevisionRow(recalledAt, 0, null, at, List.of());
  }

  public byte[] encode() {
    byte[] t = text == null ? new byte[0] : text.getBytes(UTF_8);
    int head = 9 + (recalled() ? 8 : 0) + (removed() ? 8 : 0) + (edits.isEmpty() ? 0 : 8 + 8 * edits.size());
    byte[] v = new byte[head + t.length];
    v[0] = (byte) ((recalled() ? RECALLED | RECALL_TIME : 0) | (removed() ? REMOVED : 0) | (edits.isEmpty() ? 0 : EDITS));
    Bytes.putLong(v, 1, editedAt);
    int at = 9;
    if (recalled()) {
      Bytes.putLong(v, at, recalledAt);
      at += 8;
    }
    if (removed()) {
      Bytes.putLong(v, at, removedAt);
      at += 8;
    }
    if (!edits.isEmpty()) {
      Bytes.putLong(v, at, edits.size());
      at += 8;
      for (long id : edits) {
        Bytes.putLong(v, at, id);
        at += 8;
      }
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
    int at = 9;
    boolean timed = (v[0] & RECALL_TIME) != 0;
    long recalledAt = timed ? Bytes.getLong(v, at) : (v[0] & RECALLED) != 0 ? UNKNOWN_TIME : 0;
    at += timed ? 8 : 0;
    long removedAt = 0;
    if ((v[0] & REMOVED) != 0) {
      removedAt = Bytes.getLong(v, at);
      at += 8;
    }
    List<Long> edits = List.of();
    if ((v[0] & EDITS) != 0) {
      int n = (int) Bytes.getLong(v, at);
      at += 8;
      Long[] ids = new Long[n];
      for (int i = 0; i < n; i++) {
        ids[i] = Bytes.getLong(v, at);
        at += 8;
      }
      edits = List.of(ids);
    }
    return new RevisionRow(recalledAt, editedAt, editedAt == 0 ? null : new String(v, at, v.length - at, UTF_8),
        removedAt, edits);
  }

  /** The recall time of a row that did not keep it: long ago, as far as any reader can tell. */
  private static final long UNKNOWN_TIME = 1;
}
