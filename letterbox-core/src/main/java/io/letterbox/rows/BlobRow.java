package io.letterbox.rows;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.nio.ByteBuffer;

/**
 * A blob's header (the {@code blobs} space): its size, the size of its chunks (every chunk but the
 * last is that long) and its content type. Written after every chunk is durable, so a header
 * means a whole blob.
 */
public record BlobRow(long size, int chunkBytes, String contentType) {
  private static final byte VERSION = 1;

  /** @return how many chunks hold it (an empty blob has none) */
  public int chunks() {
    return (int) ((size + chunkBytes - 1) / chunkBytes);
  }

  public byte[] encode() {
    byte[] type = contentType.getBytes(UTF_8);
    return ByteBuffer.allocate(1 + 8 + 4 + type.length).put(VERSION).putLong(size).putInt(chunkBytes).put(type).array();
  }

  /** @return the header, or null for none */
  public static BlobRow decode(byte[] v) {
    if (v == null) {
      return null;
    }
    ByteBuffer b = ByteBuffer.wrap(v);
    if (b.get() != VERSION) {
      throw new IllegalStateException("unknown blob header version " + v[0]);
    }
    long size = b.getLong();
    int chunkBytes = b.getInt();
    return new BlobRow(size, chunkBytes, new String(v, b.position(), b.remaining(), UTF_8));
  }
}
