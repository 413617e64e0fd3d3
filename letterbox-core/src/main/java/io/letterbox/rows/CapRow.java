package io.letterbox.rows;

import io.letterbox.model.FrequencyCap;
import java.nio.ByteBuffer;
import java.time.Duration;

/** A sender's own frequency cap (the {@code caps} space): messages(4) period millis(8). */
public final class CapRow {
  private CapRow() {}

  public static byte[] encode(int messages, long periodMillis) {
    return ByteBuffer.allocate(12).putInt(messages).putLong(periodMillis).array();
  }

  public static FrequencyCap decode(byte[] row) {
    ByteBuffer b = ByteBuffer.wrap(row);
    return new FrequencyCap(b.getInt(), Duration.ofMillis(b.getLong()));
  }
}
