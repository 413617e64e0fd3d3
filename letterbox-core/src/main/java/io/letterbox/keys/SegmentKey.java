package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import java.nio.charset.StandardCharsets;

/**
 * A named segment: its header name 0x00 (which says it exists, with its size), and its blocks
 * name 0x00 block(8).
 */
public final class SegmentKey {
  private SegmentKey() {}

  public static byte[] header(String name) {
    return (name + "\0").getBytes(StandardCharsets.UTF_8);
  }

  public static byte[] block(String name, long block) {
    byte[] h = header(name);
    byte[] k = java.util.Arrays.copyOf(h, h.length + 8);
    Bytes.putLong(k, h.length, block);
    return k;
  }

  /** Every block of the segment (not its header). */
  public static KeyRange blocks(String name) {
    byte[] h = header(name);
    byte[] from = java.util.Arrays.copyOf(h, h.length + 8);
    return new KeyRange(from, Bytes.prefixEnd(h));
  }

  public static long blockOf(byte[] key) {
    return Bytes.getLong(key, key.length - 8);
  }
}
