package io.letterbox.rows;

import io.letterbox.model.Report;
import io.letterbox.store.Bytes;
import java.nio.charset.StandardCharsets;

/**
 * A report in the {@code reports} space, keyed by its id: version(1), by(8), message(8),
 * reason(1), createdAt(8), then the note's UTF-8 bytes (none for no note).
 */
public record ReportRow(long by, long messageId, Report.Reason reason, String note, long createdAt) {
  private static final byte VERSION = 1;
  private static final int HEAD = 26;

  public byte[] encode() {
    byte[] text = note == null ? new byte[0] : note.getBytes(StandardCharsets.UTF_8);
    byte[] v = new byte[HEAD + text.length];
    v[0] = VERSION;
    Bytes.putLong(v, 1, by);
    Bytes.putLong(v, 9, messageId);
    v[17] = (byte) reason.ordinal();
    Bytes.putLong(v, 18, createdAt);
    System.arraycopy(text, 0, v, HEAD, text.length);
    return v;
  }

  public static ReportRow decode(byte[] v) {
    String note = v.length == HEAD ? null : new String(v, HEAD, v.length - HEAD, StandardCharsets.UTF_8);
    return new ReportRow(Bytes.getLong(v, 1), Bytes.getLong(v, 9), Report.Reason.values()[v[17]], note,
        Bytes.getLong(v, 18));
  }
}
