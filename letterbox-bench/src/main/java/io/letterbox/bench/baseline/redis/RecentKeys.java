package io.letterbox.bench.baseline.redis;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The cache's keys and members: a sorted set {@code r:<uid>} per user holding its newest 100
 * index entries. A member is dmid(8) then the other party(8), big-endian. The score is the
 * dmid as a double, which rounds 63-bit ids; ties then sort by member, i.e. by dmid again.
 */
final class RecentKeys {
  static final int KEEP = 100;

  private RecentKeys() {}

  static byte[] user(long uid) {
    return ("r:" + uid).getBytes(StandardCharsets.US_ASCII);
  }

  static byte[] member(long dmid, long other) {
    return ByteBuffer.allocate(16).putLong(dmid).putLong(other).array();
  }

  static long dmid(byte[] member) {
    return ByteBuffer.wrap(member).getLong(0);
  }

  static long other(byte[] member) {
    return ByteBuffer.wrap(member).getLong(8);
  }
}
