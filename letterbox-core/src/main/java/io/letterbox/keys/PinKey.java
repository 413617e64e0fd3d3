package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;

/**
 * A pinned message of a conversation (decision 0050): the conversation's key, then the message
 * id(8). A one-to-one conversation's key is its two parties, the lower uid first(16), so that
 * both read one set ({@link Spaces#PINS}); a group's is its gid(8) ({@link Spaces#GROUP_PINS}).
 */
public final class PinKey {
  /** The length of a one-to-one conversation's prefix. */
  public static final int PAIR_PREFIX = 16;
  /** The length of a group's prefix. */
  public static final int GROUP_PREFIX = 8;

  private PinKey() {}

  /** Message {@code id} in the one-to-one conversation of {@code a} and {@code b}, either way round. */
  public static byte[] pair(long a, long b, long id) {
    byte[] k = new byte[24];
    Bytes.putLong(k, 0, Math.min(a, b));
    Bytes.putLong(k, 8, Math.max(a, b));
    Bytes.putLong(k, 16, id);
    return k;
  }

  /** Every pin of the one-to-one conversation of {@code a} and {@code b}. */
  public static KeyRange pair(long a, long b) {
    byte[] p = new byte[16];
    Bytes.putLong(p, 0, Math.min(a, b));
    Bytes.putLong(p, 8, Math.max(a, b));
    return KeyRange.prefix(p);
  }

  /** Message {@code id} in group {@code gid}. */
  public static byte[] group(long gid, long id) {
    byte[] k = new byte[16];
    Bytes.putLong(k, 0, gid);
    Bytes.putLong(k, 8, id);
    return k;
  }

  /** Every pin of group {@code gid}. */
  public static KeyRange group(long gid) {
    return KeyRange.prefix(Bytes.ofLong(gid));
  }

  /** The pinned message's id: the key's last 8 bytes. */
  public static long message(byte[] key) {
    return Bytes.getLong(key, key.length - 8);
  }
}
