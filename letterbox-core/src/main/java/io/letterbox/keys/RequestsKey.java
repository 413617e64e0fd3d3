package io.letterbox.keys;

import io.letterbox.store.Bytes;
import java.nio.charset.StandardCharsets;

/**
 * Counters of an owner's requests folder (decision 0008): owner(8) → incoming messages of its
 * conversations in requests; owner(8) device → how many of those the device has read. Their
 * difference is the folder's unread count on the device, without reading the folder.
 */
public final class RequestsKey {
  public static final int OWNER_PREFIX = 8;

  private RequestsKey() {}

  public static byte[] incoming(long owner) {
    return Bytes.ofLong(owner);
  }

  public static byte[] read(long owner, String device) {
    byte[] d = device.getBytes(StandardCharsets.US_ASCII);
    byte[] k = new byte[8 + d.length];
    Bytes.putLong(k, 0, owner);
    System.arraycopy(d, 0, k, 8, d.length);
    return k;
  }
}
