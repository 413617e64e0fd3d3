package io.letterbox.rows;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A sender's scheduled message (the {@code scheduled} space, decision 0052): the log entry that
 * scheduled it ({@code entry}, an encoded {@code Scheduled} action) and, once it came due and was
 * refused then, the error code that refused it ({@code failed}; null while it is pending).
 * Encoded as the code's length(4, -1 for none) and UTF-8, then the entry.
 */
public record ScheduledRow(String failed, byte[] entry) {
  public boolean pending() {
    return failed == null;
  }

  public byte[] encode() {
    byte[] code = failed == null ? new byte[0] : failed.getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.allocate(4 + code.length + entry.length)
        .putInt(failed == null ? -1 : code.length).put(code).put(entry).array();
  }

  /** @return the row, or null for none */
  public static ScheduledRow decode(byte[] row) {
    if (row == null) {
      return null;
    }
    ByteBuffer b = ByteBuffer.wrap(row);
    int n = b.getInt();
    String failed = null;
    if (n >= 0) {
      failed = new String(row, 4, n, StandardCharsets.UTF_8);
      b.position(4 + n);
    }
    byte[] entry = new byte[b.remaining()];
    b.get(entry);
    return new ScheduledRow(failed, entry);
  }
}
