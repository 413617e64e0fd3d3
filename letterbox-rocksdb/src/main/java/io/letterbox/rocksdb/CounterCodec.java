package io.letterbox.rocksdb;

import io.letterbox.store.Bytes;
import io.letterbox.store.StoreException;

/**
 * Counter values as RocksDB's {@code UInt64AddOperator} stores them (fixed64, little-endian)
 * versus as the SPI presents them (8-byte big-endian longs). Negative deltas work because
 * unsigned 64-bit addition wraps exactly like two's complement {@code long} addition.
 */
final class CounterCodec {
  private CounterCodec() {}

  /** The merge operand that adds {@code delta}. */
  static byte[] operand(long delta) {
    return Bytes.ofLong(Long.reverseBytes(delta));
  }

  /** The stored counter as a long; 0 when absent. */
  static long decode(byte[] stored) {
    if (stored == null) {
      return 0;
    }
    if (stored.length != 8) {
      // The add operator itself treats such a value as 0; a reader should hear about it.
      throw new StoreException("corrupt counter: value is " + stored.length + " bytes, not 8");
    }
    return Long.reverseBytes(Bytes.getLong(stored, 0));
  }

  /** The stored counter as the SPI presents it: 8 bytes, big-endian. */
  static byte[] toBigEndian(byte[] stored) {
    return stored == null ? null : Bytes.ofLong(decode(stored));
  }

  /** A big-endian value written with {@code put} into a counter space, as stored. */
  static byte[] fromBigEndian(byte[] value) {
    if (value.length != 8) {
      throw new IllegalArgumentException("a counter value must be an 8-byte big-endian long: " + value.length + " bytes");
    }
    return operand(Bytes.getLong(value, 0));
  }
}
