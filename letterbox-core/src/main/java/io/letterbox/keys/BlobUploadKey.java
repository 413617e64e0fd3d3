package io.letterbox.keys;

import io.letterbox.store.Bytes;

/**
 * The uploads of blobs (space {@code blob_uploads}): {@code 'i' id(16)} for an opaque id's
 * record, and {@code 'u' uploader(8) sha256(32)} for the id an uploader got for given bytes.
 */
public final class BlobUploadKey {
  private static final byte ID = 'i';
  private static final byte UPLOADER = 'u';
  private static final int ID_BYTES = 16;
  private static final int SHA256_BYTES = 32;

  private BlobUploadKey() {}

  /** The record of the opaque id of these 16 bytes. */
  public static byte[] id(byte[] id) {
    if (id.length != ID_BYTES) {
      throw new IllegalArgumentException("an opaque blob id is 16 bytes: " + id.length);
    }
    byte[] k = new byte[1 + ID_BYTES];
    k[0] = ID;
    System.arraycopy(id, 0, k, 1, ID_BYTES);
    return k;
  }

  /** The id {@code uploader} (0: a service) got for the bytes of this SHA-256. */
  public static byte[] uploaded(long uploader, byte[] sha256) {
    if (sha256.length != SHA256_BYTES) {
      throw new IllegalArgumentException("a SHA-256 is 32 bytes: " + sha256.length);
    }
    byte[] k = new byte[1 + 8 + SHA256_BYTES];
    k[0] = UPLOADER;
    Bytes.putLong(k, 1, uploader);
    System.arraycopy(sha256, 0, k, 9, SHA256_BYTES);
    return k;
  }
}
