package io.letterbox.rows;

import io.letterbox.model.Message;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The content row of an imported message (the {@code imported} space, keyed by id): from(8)
 * to(8) text(UTF-8). Live messages need none: their content is their log entry.
 */
public final class ImportedRow {
  private ImportedRow() {}

  public static byte[] encode(long from, long to, String text) {
    byte[] t = text.getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.allocate(16 + t.length).putLong(from).putLong(to).put(t).array();
  }

  public static Message decode(long id, byte[] row) {
    ByteBuffer b = ByteBuffer.wrap(row);
    long from = b.getLong();
    long to = b.getLong();
    String text = new String(row, 16, row.length - 16, StandardCharsets.UTF_8);
    return new Message(id, Message.Kind.SINGLE, from, to, text);
  }
}
