package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;

/** A sender's broadcast record: sender(8) id(8). */
public final class BroadcastKey {
  public static final int SENDER_PREFIX = 8;

  private BroadcastKey() {}

  public static byte[] of(long sender, long id) {
    byte[] k = new byte[16];
    Bytes.putLong(k, 0, sender);
    Bytes.putLong(k, 8, id);
    return k;
  }

  public static KeyRange before(long sender, long beforeId) {
    return new KeyRange(of(sender, 0), of(sender, beforeId));
  }

  public static long id(byte[] key) {
    return Bytes.getLong(key, 8);
  }
}
