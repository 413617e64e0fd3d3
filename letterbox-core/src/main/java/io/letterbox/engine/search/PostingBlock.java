package io.letterbox.engine.search;

import io.letterbox.keys.PostingKey;
import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * The value of a block of postings ({@link PostingKey}): for each word of the block's hash, its
 * UTF-8 bytes and its ids, ascending and distinct, within the block's bucket; the first id as a
 * varint above the bucket's first id, each next one as a varint gap. Ids of one word in one scope
 * and bucket are close, so an id costs one or two bytes where a row of its own cost a key. A block
 * of one word (nearly all: two words of one hash in one scope are rare) is the word, a NUL (no
 * word holds one) and its ids to the end; a block of several starts with a NUL, then each word as
 * a varint length and its bytes, a varint count and its ids.
 */
final class PostingBlock {
  private final java.util.List<byte[]> words = new java.util.ArrayList<>();
  private final java.util.List<long[]> ids = new java.util.ArrayList<>();
  private final int bucket;
  private byte[] out = new byte[64];
  private int size;

  /** A block of {@code bucket}. */
  PostingBlock(int bucket) {
    this.bucket = bucket;
  }

  /** Adds a word (no NUL in it) with its ids, ascending and distinct, all in the block's bucket. */
  PostingBlock add(byte[] word, long[] wordIds, int from, int to) {
    words.add(word);
    ids.add(Arrays.copyOfRange(wordIds, from, to));
    return this;
  }

  byte[] bytes() {
    size = 0;
    if (words.size() == 1) {
      put(words.get(0));
      ensure(1);
      out[size++] = 0;
      ids(ids.get(0));
    } else {
      ensure(1);
      out[size++] = 0;
      for (int i = 0; i < words.size(); i++) {
        varint(words.get(i).length);
        put(words.get(i));
        varint(ids.get(i).length);
        ids(ids.get(i));
      }
    }
    return Arrays.copyOf(out, size);
  }

  private void put(byte[] bytes) {
    ensure(bytes.length);
    System.arraycopy(bytes, 0, out, size, bytes.length);
    size += bytes.length;
  }

  private void ids(long[] sorted) {
    long previous = PostingKey.firstId(bucket);
    for (long id : sorted) {
      varint(id - previous);
      previous = id;
    }
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
    if (value.length > 0 && value[0] != 0) {
      int nul = 0;
      while (nul < value.length && value[nul] != 0) {
        nul++;
      }
      if (nul == value.length) {
        throw new IllegalStateException("a posting block's word has no end");
      }
      int[] at = {nul + 1};
      if (filter.wanted(value, 0, nul)) {
        ids(value, bucket, at, Long.MAX_VALUE, 0, nul, to);
      }
      return;
    }
    int[] at = {1};
    while (at[0] < value.length) {
      int length = (int) varint(value, at);
      int wordFrom = at[0];
      int wordTo = wordFrom + length;
      if (length < 0 || wordTo > value.length) {
        throw new IllegalStateException("a posting block's word runs past its end");
      }
      at[0] = wordTo;
      long count = varint(value, at);
      ids(value, bucket, at, count, wordFrom, wordTo, filter.wanted(value, wordFrom, wordTo) ? to : null);
    }
  }

  /** Reads {@code count} ids (or up to the end) from {@code at}, giving them to {@code to} unless it is null. */
  private static void ids(byte[] value, int bucket, int[] at, long count, int wordFrom, int wordTo, Visitor to) {
    long id = PostingKey.firstId(bucket);
    for (long i = 0; i < count && at[0] < value.length; i++) {
      id += varint(value, at);
      if (to != null) {
        to.posting(value, wordFrom, wordTo, id);
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
