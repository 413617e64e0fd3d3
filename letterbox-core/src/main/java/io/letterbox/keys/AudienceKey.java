package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;

/**
 * One block of a broadcast's frozen audience: sender(8) block(8) broadcastId(8). A receiver's
 * broadcasts from one sender are the rows of (sender, its block), newest last.
 */
public final class AudienceKey {
  public static final int SENDER_BLOCK_PREFIX = 16;

  private AudienceKey() {}

  public static byte[] of(long sender, long block, long id) {
    byte[] k = new byte[24];
    Bytes.putLong(k, 0, sender);
    Bytes.putLong(k, 8, block);
    Bytes.putLong(k, 16, id);
    return k;
  }

  /** The sender's broadcasts with {@code fromId <= id < toId} that reached anyone in the block. */
  public static KeyRange range(long sender, long block, long fromId, long toId) {
    return new KeyRange(of(sender, block, fromId), of(sender, block, toId));
  }

  public static long id(byte[] key) {
    return Bytes.getLong(key, 16);
  }
}
