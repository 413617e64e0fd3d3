package io.letterbox.store;

/** Big-endian helpers: keys are big-endian so that byte order is numeric order. */
public final class Bytes {
  private Bytes() {}

  /** The smallest key greater than every key starting with {@code prefix}, or null if none. */
  public static byte[] prefixEnd(byte[] prefix) {
    byte[] end = prefix.clone();
    for (int i = end.length - 1; i >= 0; i--) {
      if (end[i] != (byte) 0xFF) {
        end[i]++;
        return java.util.Arrays.copyOf(end, i + 1);
      }
    }
    return null;
  }

  public static void putLong(byte[] b, int off, long v) {
    for (int i = 7; i >= 0; i--) {
      b[off + i] = (byte) v;
      v >>>= 8;
    }
  }

  public static long getLong(byte[] b, int off) {
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (b[off + i] & 0xFF);
    }
    return v;
  }

  public static byte[] ofLong(long v) {
    byte[] b = new byte[8];
    putLong(b, 0, v);
    return b;
  }
}
