package io.letterbox.keys;

import io.letterbox.store.Bytes;

/** Action log key: the action's id (for a message, the message id), 8 bytes big-endian. */
public final class LogKey {
  private LogKey() {}

  public static byte[] of(long id) {
    return Bytes.ofLong(id);
  }

  public static long id(byte[] key) {
    return Bytes.getLong(key, 0);
  }
}
