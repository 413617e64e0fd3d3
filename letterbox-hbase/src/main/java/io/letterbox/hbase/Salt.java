package io.letterbox.hbase;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import java.util.Arrays;

/**
 * The salt byte in front of every row key, which spreads a space's keys over its pre-split
 * regions (see docs/decisions/0004-hbase-schema.md).
 *
 * <p>The salt of a key is murmur3 (x86, 32 bits, seed 0) of its first {@code prefixLength} bytes,
 * modulo the space's bucket count. Keys that share a prefix share a salt, so a scan within one
 * prefix (one timeline) reads one contiguous, ordered row range. Keys shorter than the prefix, and
 * every key of a space without a prefix (the log, keyed by time-ordered ids), hash as a whole:
 * consecutive ids then land on different regions instead of all on the newest one.
 *
 * <p>This function is part of the stored format: changing it, or a space's prefix length or bucket
 * count, orphans every stored row. The bucket count and prefix length are therefore kept in each
 * table's descriptor and checked when a store opens.
 */
final class Salt {
  /** At most one salt per value of the salt byte. */
  static final int MAX_BUCKETS = 256;

  private Salt() {}

  /** @return the salt of {@code key}, in {@code [0, buckets)} */
  static int of(byte[] key, int prefixLength, int buckets) {
    int hashed = prefixLength == 0 ? key.length : Math.min(key.length, prefixLength);
    return Integer.remainderUnsigned(murmur3(key, hashed), buckets);
  }

  /** @return the row key of {@code key}: its salt, then the key */
  static byte[] row(byte[] key, int prefixLength, int buckets) {
    return row(of(key, prefixLength, buckets), key);
  }

  static byte[] row(int salt, byte[] key) {
    byte[] row = new byte[key.length + 1];
    row[0] = (byte) salt;
    System.arraycopy(key, 0, row, 1, key.length);
    return row;
  }

  /** @return the key of a row key: the row without its salt */
  static byte[] key(byte[] row) {
    return Arrays.copyOfRange(row, 1, row.length);
  }

  /**
   * @return the salts a scan of {@code range} must read: the one salt of the prefix when every key
   *     of the range has the same prefix, else all of them (each then holds an ordered part of the
   *     range, and the parts are merged)
   */
  static int[] of(KeyRange range, int prefixLength, int buckets) {
    if (withinOnePrefix(range, prefixLength)) {
      return new int[] {of(range.from(), prefixLength, buckets)};
    }
    int[] all = new int[buckets];
    Arrays.setAll(all, i -> i);
    return all;
  }

  /** Whether every key {@code k} with {@code from <= k < to} starts with the same prefix. */
  static boolean withinOnePrefix(KeyRange range, int prefixLength) {
    byte[] from = range.from();
    byte[] to = range.to();
    if (prefixLength == 0 || from.length < prefixLength) {
      return false;
    }
    byte[] end = Bytes.prefixEnd(Arrays.copyOf(from, prefixLength));
    if (to == null) {
      return end == null; // the prefix is all 0xFF: nothing sorts after its keys
    }
    boolean toHasThePrefix = to.length >= prefixLength && Arrays.equals(to, 0, prefixLength, from, 0, prefixLength);
    return toHasThePrefix || Arrays.equals(to, end);
  }

  /** MurmurHash3_x86_32 of {@code data[0, length)} with seed 0. */
  static int murmur3(byte[] data, int length) {
    final int c1 = 0xcc9e2d51;
    final int c2 = 0x1b873593;
    int h = 0;
    int i = 0;
    for (; i + 4 <= length; i += 4) {
      int k = (data[i] & 0xFF) | (data[i + 1] & 0xFF) << 8 | (data[i + 2] & 0xFF) << 16 | data[i + 3] << 24;
      h ^= Integer.rotateLeft(k * c1, 15) * c2;
      h = Integer.rotateLeft(h, 13) * 5 + 0xe6546b64;
    }
    int k = 0;
    switch (length & 3) {
      case 3:
        k ^= (data[i + 2] & 0xFF) << 16;
        // fall through
      case 2:
        k ^= (data[i + 1] & 0xFF) << 8;
        // fall through
      case 1:
        k ^= data[i] & 0xFF;
        h ^= Integer.rotateLeft(k * c1, 15) * c2;
        // fall through
      default:
        break;
    }
    h ^= length;
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    h ^= h >>> 16;
    return h;
  }
}
