package io.letterbox.bench.baseline.push;

import java.nio.ByteBuffer;

/**
 * The seed's HBase row design as RocksDB keys, big-endian so byte order is numeric order: each
 * receiver (and, for one-to-one, the sender) gets two index rows — owner+other+dmid to read one
 * conversation, owner+dmid+other to read the inbox by time — and the content is stored once.
 * The conversation list is a row per owner+mtime+other, newest first, found again through a
 * row per owner+other that holds the pair's last dmid (mtime is that dmid's time).
 */
final class PushKeys {
  static final int OWNER_PREFIX = 8;
  static final int PAIR_PREFIX = 16;

  private PushKeys() {}

  /** Family "conversation": owner(8) other(8) dmid(8). */
  static byte[] conversation(long owner, long other, long dmid) {
    return ByteBuffer.allocate(24).putLong(owner).putLong(other).putLong(dmid).array();
  }

  /** Family "inbox": owner(8) dmid(8) other(8). */
  static byte[] inbox(long owner, long dmid, long other) {
    return ByteBuffer.allocate(24).putLong(owner).putLong(dmid).putLong(other).array();
  }

  /** Family "recent", the conversation list: owner(8) newest-first(8: Long.MAX_VALUE - mtime) other(8) → last dmid. */
  static byte[] recent(long owner, long mtime, long other) {
    return ByteBuffer.allocate(24).putLong(owner).putLong(Long.MAX_VALUE - mtime).putLong(other).array();
  }

  /** Family "latest": owner(8) other(8) → the pair's last dmid, whose time places it in "recent". */
  static byte[] latest(long owner, long other) {
    return pair(owner, other);
  }

  static byte[] id(long dmid) {
    return ByteBuffer.allocate(8).putLong(dmid).array();
  }

  /** Family "content": dmid(8). */
  static byte[] content(long dmid) {
    return ByteBuffer.allocate(8).putLong(dmid).array();
  }

  static byte[] pair(long owner, long other) {
    return ByteBuffer.allocate(16).putLong(owner).putLong(other).array();
  }

  static byte[] owner(long owner) {
    return ByteBuffer.allocate(8).putLong(owner).array();
  }

  static long at(byte[] key, int offset) {
    return ByteBuffer.wrap(key, offset, 8).getLong();
  }

  /** The smallest key after {@code key}: the key with a zero byte appended. */
  static byte[] successor(byte[] key) {
    return java.util.Arrays.copyOf(key, key.length + 1);
  }

  /** The key just past every key starting with {@code prefix} (prefix + 1, as a number). */
  static byte[] after(byte[] prefix) {
    byte[] end = prefix.clone();
    for (int i = end.length - 1; i >= 0; i--) {
      if (++end[i] != 0) {
        return end;
      }
    }
    throw new IllegalArgumentException("no key follows an all-0xff prefix");
  }
}
