package io.letterbox.engine.apply;

import java.nio.ByteBuffer;

/**
 * Sorted, distinct uids as a count and varint gaps: Weibo-like uids of a 10M audience are ~650
 * apart, so a uid costs about two bytes instead of eight.
 */
final class Uids {
  private Uids() {}

  static int maxBytes(int count) {
    return 4 + count * 10;
  }

  static void write(ByteBuffer b, long[] sortedUids) {
    b.putInt(sortedUids.length);
    long previous = 0;
    for (long uid : sortedUids) {
      long gap = uid - previous;
      while ((gap & ~0x7FL) != 0) {
        b.put((byte) ((gap & 0x7F) | 0x80));
        gap >>>= 7;
      }
      b.put((byte) gap);
      previous = uid;
    }
  }

  static long[] read(ByteBuffer b) {
    int n = b.getInt();
    if (n < 0 || n > b.remaining()) {
      throw ActionCodec.corrupt("a list of " + n + " uids in " + b.remaining() + " bytes");
    }
    long[] out = new long[n];
    long previous = 0;
    for (int i = 0; i < n; i++) {
      long gap = 0;
      int shift = 0;
      byte x;
      do {
        if (shift > 63) {
          throw ActionCodec.corrupt("a uid gap of more than 64 bits");
        }
        x = b.get();
        gap |= (long) (x & 0x7F) << shift;
        shift += 7;
      } while (x < 0);
      previous += gap;
      out[i] = previous;
    }
    return out;
  }
}
