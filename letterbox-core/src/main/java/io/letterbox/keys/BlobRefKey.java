package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;

/**
 * A message that attaches a blob (space {@code blob_refs}): {@code kind(1) blob message(8)}, kind
 * {@code 'o'} with an opaque id's 16 bytes or {@code 's'} with a legacy id's SHA-256, so that a
 * blob's messages are one prefix in message id order.
 */
public final class BlobRefKey {
  private static final byte OPAQUE = 'o';
  private static final byte LEGACY = 's';

  private BlobRefKey() {}

  /** @param id the id's bytes: 16 of an opaque id, the SHA-256 of a legacy one */
  public static byte[] of(boolean legacy, byte[] id, long message) {
    byte[] k = new byte[1 + id.length + 8];
    System.arraycopy(blob(legacy, id), 0, k, 0, 1 + id.length);
    Bytes.putLong(k, 1 + id.length, message);
    return k;
  }

  /** Every message that attaches the blob. */
  public static KeyRange messages(boolean legacy, byte[] id) {
    return KeyRange.prefix(blob(legacy, id));
  }

  public static long message(byte[] key) {
    return Bytes.getLong(key, key.length - 8);
  }

  private static byte[] blob(boolean legacy, byte[] id) {
    if (id.length != (legacy ? 32 : 16)) {
      throw new IllegalArgumentException("a blob id is 16 bytes, a legacy one 32: " + id.length);
    }
    byte[] k = new byte[1 + id.length];
    k[0] = legacy ? LEGACY : OPAQUE;
    System.arraycopy(id, 0, k, 1, id.length);
    return k;
  }
}
