package io.letterbox.rows;

import java.nio.ByteBuffer;

/**
 * A broadcast's stored state (its text lives in its log entry): whether its fan-out is done,
 * receivers and capped counts, and when it completed (0 while it has not).
 */
public record BroadcastRecord(boolean done, long receivers, long capped, long completedAt) {
  public byte[] encode() {
    return ByteBuffer.allocate(25).put((byte) (done ? 1 : 0)).putLong(receivers).putLong(capped)
        .putLong(completedAt).array();
  }

  public static BroadcastRecord decode(byte[] row) {
    if (row == null) {
      return null;
    }
    ByteBuffer b = ByteBuffer.wrap(row);
    return new BroadcastRecord(b.get() == 1, b.getLong(), b.getLong(), b.getLong());
  }

  public BroadcastRecord completed(long at) {
    return new BroadcastRecord(true, receivers, capped, at);
  }
}
