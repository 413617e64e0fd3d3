package io.letterbox.rows;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.nio.ByteBuffer;

/**
 * An upload's record (space {@code blob_uploads}, under its opaque id): the SHA-256 of its bytes
 * (their chunks in the {@code blobs} space), who uploaded it (0: a service), its size and the
 * content type it was uploaded with.
 */
public record BlobUploadRow(byte[] sha256, long uploader, long size, String contentType) {
  private static final byte VERSION = 1;

  public byte[] encode() {
    byte[] type = contentType.getBytes(UTF_8);
    return ByteBuffer.allocate(1 + 32 + 8 + 8 + type.length).put(VERSION).put(sha256).putLong(uploader).putLong(size)
        .put(type).array();
  }

  /** @return the record, or null for none */
  public static BlobUploadRow decode(byte[] v) {
    if (v == null) {
      return null;
    }
    ByteBuffer b = ByteBuffer.wrap(v);
    if (b.get() != VERSION) {
      throw new IllegalStateException("unknown blob upload version " + v[0]);
    }
    byte[] sha256 = new byte[32];
    b.get(sha256);
    long uploader = b.getLong();
    long size = b.getLong();
    return new BlobUploadRow(sha256, uploader, size, new String(v, b.position(), b.remaining(), UTF_8));
  }
}
