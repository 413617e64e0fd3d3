package io.letterbox.keys;

import io.letterbox.store.Bytes;

/**
 * That a partition applied the effects of an action logged by another one: partition(2) then
 * the action's id(8). Looked up one at a time, so the whole key is hashed (no prefix).
 */
public final class DeliveryKey {
  private DeliveryKey() {}

  public static byte[] of(int partition, long origin) {
    byte[] k = new byte[10];
    k[0] = (byte) (partition >>> 8);
    k[1] = (byte) partition;
    Bytes.putLong(k, 2, origin);
    return k;
  }
}
