package io.letterbox.store;

import java.util.Arrays;

/**
 * Keys {@code k} with {@code from <= k < to} in unsigned lexicographic byte order.
 * {@code to == null} means no upper bound.
 */
public record KeyRange(byte[] from, byte[] to) {
  public KeyRange {
    if (from == null) {
      throw new IllegalArgumentException("from must not be null");
    }
    if (to != null && Arrays.compareUnsigned(from, to) > 0) {
      throw new IllegalArgumentException("from must not be after to");
    }
  }

  /** Every key that starts with {@code prefix}. */
  public static KeyRange prefix(byte[] prefix) {
    return new KeyRange(prefix, Bytes.prefixEnd(prefix));
  }

  public boolean contains(byte[] key) {
    return Arrays.compareUnsigned(key, from) >= 0
        && (to == null || Arrays.compareUnsigned(key, to) < 0);
  }
}
