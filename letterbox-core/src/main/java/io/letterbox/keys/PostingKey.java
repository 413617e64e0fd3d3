package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;

/**
 * A posting of the search index (decision 0012): scope(8) kind(1) word(4) id(8), big-endian, so
 * one word's messages in one scope are one range, oldest to newest. Its value is the word itself
 * in UTF-8 (the words of the message that have that hash, NUL-separated, in the rare case of
 * several), so a hash collision is told apart without reading the message. The scope is the owner of
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

  /** The value of a posting for {@code word}. */
  public static byte[] words(String word) {
    return word.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  /** The value of a posting for the words of {@code a} and {@code b} (two words with one hash). */
  public static byte[] moreWords(byte[] a, byte[] b) {
    byte[] out = java.util.Arrays.copyOf(a, a.length + 1 + b.length);
    System.arraycopy(b, 0, out, a.length + 1, b.length);
    return out;
  }

  /** Whether a posting's value holds {@code word} (its UTF-8 bytes). */
  public static boolean holds(byte[] value, byte[] word) {
    int start = 0;
    for (int i = 0; i <= value.length; i++) {
      if (i == value.length || value[i] == 0) {
        if (i - start == word.length && java.util.Arrays.equals(value, start, i, word, 0, word.length)) {
          return true;
        }
        start = i + 1;
      }
    }
    return false;
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
