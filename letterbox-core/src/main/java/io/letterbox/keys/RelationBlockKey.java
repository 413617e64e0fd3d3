package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import java.nio.charset.StandardCharsets;

/**
 * A block of a target's related uids: target(8) kind(1) [attribute 0x00 value 0x00] block(8).
 * Kinds: followers, subscribers, and subscribers having one attribute value.
 */
public final class RelationBlockKey {
  public static final int TARGET_KIND_PREFIX = 9;
  private static final byte FOLLOWERS = 'F';
  private static final byte SUBSCRIBERS = 'S';
  private static final byte ATTRIBUTE = 'A';

  private RelationBlockKey() {}

  public static byte[] followers(long target, long block) {
    return withBlock(head(target, FOLLOWERS, null, null), block);
  }

  public static byte[] subscribers(long target, long block) {
    return withBlock(head(target, SUBSCRIBERS, null, null), block);
  }

  public static byte[] attribute(long target, String name, String value, long block) {
    return withBlock(head(target, ATTRIBUTE, name, value), block);
  }

  public static KeyRange allFollowers(long target) {
    return KeyRange.prefix(head(target, FOLLOWERS, null, null));
  }

  public static KeyRange allSubscribers(long target) {
    return KeyRange.prefix(head(target, SUBSCRIBERS, null, null));
  }

  public static KeyRange allWithAttribute(long target, String name, String value) {
    return KeyRange.prefix(head(target, ATTRIBUTE, name, value));
  }

  /** The block of any relation block key: its last 8 bytes. */
  public static long block(byte[] key) {
    return Bytes.getLong(key, key.length - 8);
  }

  private static byte[] head(long target, byte kind, String name, String value) {
    byte[] n = name == null ? new byte[0] : (name + "\0" + value + "\0").getBytes(StandardCharsets.UTF_8);
    byte[] k = new byte[9 + n.length];
    Bytes.putLong(k, 0, target);
    k[8] = kind;
    System.arraycopy(n, 0, k, 9, n.length);
    return k;
  }

  private static byte[] withBlock(byte[] head, long block) {
    byte[] k = java.util.Arrays.copyOf(head, head.length + 8);
    Bytes.putLong(k, head.length, block);
    return k;
  }
}
