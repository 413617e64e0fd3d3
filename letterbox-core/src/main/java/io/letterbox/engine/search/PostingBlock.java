package io.letterbox.engine.search;

import io.letterbox.keys.PostingKey;
import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * The value of a block of postings ({@link PostingKey}): for each word of the block's hash, its
 * UTF-8 bytes and its ids, ascending and distinct, within the block's bucket. A word is a varint
 * length and its bytes, then a varint count of ids, the first id as a varint above the bucket's
 * first id and each next one as a varint gap. Ids of one word in one scope and bucket are close,
 * so an id costs one or two bytes where a row of its own cost a key.
 */
final class PostingBlock {
  private byte[] out = new byte[64];
  private int size;

  /** Appends a word's ids, ascending and distinct, all in {@code bucket}. */
  PostingBlock add(byte[] word, int bucket, long[] ids, int from, int to) {
    varint(word.length);
    ensure(word.length);
    System.arraycopy(word, 0, out, size, word.length);
    size += word.length;
    varint(to - from);
    long previous = PostingKey.firstId(bucket);
    for (int i = from; i < to; i++) {
      varint(ids[i] - previous);
      previous = ids[i];
    }
    return this;
  }

  byte[] bytes() {
    return Arrays.copyOf(out, size);
  }

  private void varint(long v) {
    ensure(10);
    while ((v & ~0x7FL) != 0) {
      out[size++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    out[size++] = (byte) v;
  }

  private void ensure(int more) {
    if (size + more > out.length) {
      out = Arrays.copyOf(out, Math.max(out.length * 2, size + more));
    }
  }

  /** Receives the postings of a block, word by word. */
  interface Visitor {
    void posting(byte[] value, int wordFrom, int wordTo, long id);
  }

  /** Gives {@code to} the ids {@code word} has in {@code value}, a block of {@code bucket}, ascending. */
  static void idsOf(byte[] value, int bucket, byte[] word, LongConsumer to) {
    forEach(value, bucket, (v, from, end) -> end - from == word.length && Arrays.equals(v, from, end, word, 0, word.length),
        (v, from, end, id) -> to.accept(id));
  }

  /** Gives {@code to} every posting of {@code value}, a block of {@code bucket}: word by word, each word's ids ascending. */
  static void forEach(byte[] value, int bucket, Visitor to) {
    forEach(value, bucket, (v, from, end) -> true, to);
  }

  private interface WordFilter {
    boolean wanted(byte[] value, int from, int to);
  }

  private static void forEach(byte[] value, int bucket, WordFilter filter, Visitor to) {
    int[] at = {0};
    while (at[0] < value.length) {
      int length = (int) varint(value, at);
      int wordFrom = at[0];
      int wordTo = wordFrom + length;
      if (length < 0 || wordTo > value.length) {
        throw new IllegalStateException("a posting block's word runs past its end");
      }
      at[0] = wordTo;
      long count = varint(value, at);
      boolean wanted = filter.wanted(value, wordFrom, wordTo);
      long id = PostingKey.firstId(bucket);
      for (long i = 0; i < count; i++) {
        id += varint(value, at);
        if (wanted) {
          to.posting(value, wordFrom, wordTo, id);
        }
      }
    }
  }

  private static long varint(byte[] b, int[] at) {
    long v = 0;
    int shift = 0;
    byte x;
    do {
      if (shift > 63 || at[0] >= b.length) {
        throw new IllegalStateException("a posting block's varint runs past its end");
      }
      x = b[at[0]++];
      v |= (long) (x & 0x7F) << shift;
      shift += 7;
    } while (x < 0);
    return v;
  }
}
