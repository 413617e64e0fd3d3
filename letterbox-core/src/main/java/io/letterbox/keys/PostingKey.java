package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;

/**
 * A posting of the search index (decision 0012): scope(8) kind(1) word(4) id(8), big-endian, so
 * one word's messages in one scope are one range, oldest to newest. The scope is the owner of
 * one-to-one messages ({@link #OWNER}), the sender of broadcasts ({@link #BROADCASTS}) or the
 * group of group messages ({@link #GROUP}); the word is {@code Words.hash}.
 */
public final class PostingKey {
  /** Scope, kind and word: the postings of one word in one scope share them. */
  public static final int LIST_PREFIX = 13;

  public static final byte OWNER = 'o';
  public static final byte BROADCASTS = 'b';
  public static final byte GROUP = 'g';

  private PostingKey() {}

  public static byte[] of(long scope, byte kind, int word, long id) {
    byte[] k = list(scope, kind, word, 21);
    Bytes.putLong(k, 13, id);
    return k;
  }

  /** The postings of {@code word} in a scope with ids from {@code from} up to {@code to}, both included. */
  public static KeyRange range(long scope, byte kind, int word, long from, long to) {
    byte[] start = of(scope, kind, word, from);
    byte[] end = to == Long.MAX_VALUE ? Bytes.prefixEnd(list(scope, kind, word, 13)) : of(scope, kind, word, to + 1);
    return new KeyRange(start, end);
  }

  public static long id(byte[] key) {
    return Bytes.getLong(key, 13);
  }

  private static byte[] list(long scope, byte kind, int word, int length) {
    byte[] k = new byte[length];
    Bytes.putLong(k, 0, scope);
    k[8] = kind;
    k[9] = (byte) (word >>> 24);
    k[10] = (byte) (word >>> 16);
    k[11] = (byte) (word >>> 8);
    k[12] = (byte) word;
    return k;
  }
}
