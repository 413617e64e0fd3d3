package io.letterbox.keys;

import java.nio.ByteBuffer;

/**
 * A blob's rows: its header {@code sha256(32)}, then its chunks {@code sha256(32) index(4)} in
 * order, so that the header sorts first and a blob is one prefix.
 */
public final class BlobKey {
  public static final int HASH_PREFIX = 32;

  private BlobKey() {}

  public static byte[] header(byte[] sha256) {
    if (sha256.length != HASH_PREFIX) {
      throw new IllegalArgumentException("a SHA-256 is 32 bytes: " + sha256.length);
    }
    return sha256.clone();
  }

  public static byte[] chunk(byte[] sha256, int index) {
    return ByteBuffer.allocate(HASH_PREFIX + 4).put(header(sha256)).putInt(index).array();
  }
}
