package io.letterbox.keys;

import io.letterbox.store.Bytes;
import java.nio.charset.StandardCharsets;

/** A sender's idempotency key: sender(8) key(UTF-8). */
public final class IdempotencyKey {
  public static final int SENDER_PREFIX = 8;

  private IdempotencyKey() {}

  public static byte[] of(long sender, String key) {
    byte[] k = key.getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[8 + k.length];
    Bytes.putLong(out, 0, sender);
    System.arraycopy(k, 0, out, 8, k.length);
    return out;
  }
}
