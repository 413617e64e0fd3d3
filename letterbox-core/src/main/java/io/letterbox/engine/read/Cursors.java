package io.letterbox.engine.read;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import io.letterbox.engine.LetterboxException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Opaque page cursors: a position, bound to the list it pages (kind, owner, peer) and signed with
 * the deployment's secret, so that a forged or transplanted cursor is refused instead of read.
 */
public final class Cursors {
  private static final int TAG_BYTES = 8;

  private final SecretKeySpec key;
  private final ThreadLocal<Mac> macs;

  public Cursors(byte[] secret) {
    this.key = new SecretKeySpec(secret, "HmacSHA256");
    this.macs = ThreadLocal.withInitial(() -> {
      try {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(key);
        return mac;
      } catch (GeneralSecurityException e) {
        throw new IllegalStateException("HmacSHA256 is unavailable", e);
      }
    });
  }

  /** @return the cursor for {@code position} (one or two longs) of list (kind, owner, peer). */
  public String encode(char kind, long owner, long peer, long... position) {
    ByteBuffer b = ByteBuffer.allocate(position.length * 8 + TAG_BYTES);
    for (long p : position) {
      b.putLong(p);
    }
    b.put(tag(kind, owner, peer, b.array(), position.length * 8));
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b.array());
  }

  /** @return the position in {@code cursor}, which must have been made for this list. */
  public long[] decode(String cursor, char kind, long owner, long peer, int longs) {
    byte[] raw = raw(cursor);
    if (raw.length != longs * 8 + TAG_BYTES) {
      throw LetterboxException.invalid("cursor is not one this server issued");
    }
    return position(raw, kind, owner, peer);
  }

  /** @return the position in {@code cursor}, of any number of longs, which must have been made for this list. */
  public long[] decodeAny(String cursor, char kind, long owner, long peer) {
    byte[] raw = raw(cursor);
    if (raw.length < TAG_BYTES || (raw.length - TAG_BYTES) % 8 != 0) {
      throw LetterboxException.invalid("cursor is not one this server issued");
    }
    return position(raw, kind, owner, peer);
  }

  private static byte[] raw(String cursor) {
    try {
      return Base64.getUrlDecoder().decode(cursor);
    } catch (IllegalArgumentException e) {
      throw LetterboxException.invalid("cursor is not one this server issued");
    }
  }

  /** The longs of {@code raw} (longs, then the tag), once its tag is checked. */
  private long[] position(byte[] raw, char kind, long owner, long peer) {
    int n = raw.length - TAG_BYTES;
    byte[] expected = tag(kind, owner, peer, raw, n);
    byte[] given = java.util.Arrays.copyOfRange(raw, n, n + TAG_BYTES);
    if (!MessageDigest.isEqual(expected, given)) {
      throw LetterboxException.invalid("cursor is not one this server issued for this list");
    }
    ByteBuffer b = ByteBuffer.wrap(raw);
    long[] out = new long[n / 8];
    for (int i = 0; i < out.length; i++) {
      out[i] = b.getLong();
    }
    return out;
  }

  private byte[] tag(char kind, long owner, long peer, byte[] position, int length) {
    Mac mac = macs.get();
    mac.update(ByteBuffer.allocate(18).putChar(kind).putLong(owner).putLong(peer).array());
    mac.update(position, 0, length);
    return java.util.Arrays.copyOf(mac.doFinal(), TAG_BYTES);
  }
}
