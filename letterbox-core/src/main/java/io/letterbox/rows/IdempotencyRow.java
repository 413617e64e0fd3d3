package io.letterbox.rows;

import io.letterbox.store.Bytes;

/**
 * What an idempotency key stands for (the {@code idempotency} space): the first result's id(8)
 * and the hash of its request(8), which tells a retry from a different request.
 */
public record IdempotencyRow(long id, long requestHash) {
  public byte[] encode() {
    byte[] v = new byte[16];
    Bytes.putLong(v, 0, id);
    Bytes.putLong(v, 8, requestHash);
    return v;
  }

  /** @return the row, or null for none */
  public static IdempotencyRow decode(byte[] row) {
    return row == null ? null : new IdempotencyRow(Bytes.getLong(row, 0), Bytes.getLong(row, 8));
  }
}
