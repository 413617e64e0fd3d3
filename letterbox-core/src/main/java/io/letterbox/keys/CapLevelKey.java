package io.letterbox.keys;

import io.letterbox.store.Bytes;

/** A sender's cap counters of one window for one block of receivers: sender(8) window(8) block(8). */
public final class CapLevelKey {
  public static final int SENDER_WINDOW_PREFIX = 16;

  private CapLevelKey() {}

  public static byte[] of(long sender, long windowStart, long block) {
    byte[] k = new byte[24];
    Bytes.putLong(k, 0, sender);
    Bytes.putLong(k, 8, windowStart);
    Bytes.putLong(k, 16, block);
    return k;
  }
}
