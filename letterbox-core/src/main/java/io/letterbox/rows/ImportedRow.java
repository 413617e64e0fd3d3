package io.letterbox.rows;

import io.letterbox.model.Message;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The content row of an imported message (the {@code imported} space, keyed by id): the log id of
 * the {@code Imported} entry that carries it (8), from(8) to(8), removed(1: 1 when its content was
 * removed, decision 0042), text(UTF-8, empty when removed). Live messages need none: their content
 * is their log entry.
 */
public final class ImportedRow {
  private static final int HEAD = 25;

  private ImportedRow() {}

  public static byte[] encode(long logId, long from, long to, boolean removed, String text) {
    byte[] t = text.getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.allocate(HEAD + t.length).putLong(logId).putLong(from).putLong(to).put((byte) (removed ? 1 : 0))
        .put(t).array();
  }

  public static Message decode(long id, byte[] row) {
    ByteBuffer b = ByteBuffer.wrap(row);
    b.getLong();
    long from = b.getLong();
    long to = b.getLong();
    boolean removed = b.get() != 0;
    String text = new String(row, HEAD, row.length - HEAD, StandardCharsets.UTF_8);
    Message m = new Message(id, Message.Kind.SINGLE, from, to, text);
    return removed ? m.remove() : m;
  }

  /** @return the id of the log entry that carries the message */
  public static long logId(byte[] row) {
    return ByteBuffer.wrap(row).getLong(0);
  }

  /** @return whether the message's content was removed */
  public static boolean removed(byte[] row) {
    return row[24] != 0;
  }
}
