package io.letterbox.blob;

import io.letterbox.engine.LetterboxException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * A blob's id as clients see it: 128 random bits in unpadded base64url (22 characters), which
 * says nothing about the bytes it names; or, for blobs uploaded before ids were opaque, a legacy
 * {@code sha256:<hex>} id naming the bytes themselves.
 *
 * @param text   the id as written
 * @param legacy whether it is a legacy {@code sha256:} id
 * @param bytes  the 16 random bytes of an opaque id, or the SHA-256 of a legacy one
 */
public record BlobId(String text, boolean legacy, byte[] bytes) {
  private static final String LEGACY_PREFIX = "sha256:";
  private static final Pattern LEGACY = Pattern.compile("sha256:[0-9a-f]{64}");
  private static final Pattern OPAQUE = Pattern.compile("[A-Za-z0-9_-]{21}[AQgw]");
  static final int OPAQUE_BYTES = 16;
  private static final SecureRandom RANDOM = new SecureRandom();

  /** @return a new opaque id, unguessable */
  static BlobId random() {
    byte[] b = new byte[OPAQUE_BYTES];
    RANDOM.nextBytes(b);
    return opaque(b);
  }

  /** @return the opaque id of these 16 bytes */
  public static BlobId opaque(byte[] bytes) {
    if (bytes.length != OPAQUE_BYTES) {
      throw new IllegalArgumentException("an opaque blob id is 16 bytes: " + bytes.length);
    }
    return new BlobId(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes), false, bytes.clone());
  }

  /**
   * @param id a blob id as a client gives it
   * @throws LetterboxException INVALID_ARGUMENT if it is not a blob id
   */
  public static BlobId parse(String id) {
    if (id != null && OPAQUE.matcher(id).matches()) {
      return new BlobId(id, false, Base64.getUrlDecoder().decode(id));
    }
    if (id != null && LEGACY.matcher(id).matches()) {
      return new BlobId(id, true, HexFormat.of().parseHex(id, LEGACY_PREFIX.length(), id.length()));
    }
    throw LetterboxException.invalid("a blob id is the id an upload answered (22 characters of A-Z, a-z, 0-9, '-', '_'): %s",
        Blobs.shown(id));
  }

  @Override
  public byte[] bytes() {
    return bytes.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BlobId other && other.text.equals(text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  @Override
  public String toString() {
    return text;
  }
}
