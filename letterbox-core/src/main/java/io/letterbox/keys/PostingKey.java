package io.letterbox.keys;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;

/**
 * A block of the search index (decisions 0012, 0032): scope(8) kind(1) word(4) bucket(2) step(4),
 * big-endian. One block holds the ids of the postings of one word hash in one scope whose ids
 * share their top 14 bits (the bucket: 2^28 ms of id time, about three days), as one step of the
 * indexer gave them; its value is {@code engine.search.PostingBlock}'s encoding, which keeps each
 * word's text beside its ids, so that a hash collision is told apart without reading the message.
 * The step is a number that no other step writing the same block may have (the journal seq the
 * step ends at), so that no step overwrites another's block. A word's blocks in one scope are one
 * range, oldest bucket first; the blocks of one bucket are read together. The scope is the owner
 * of one-to-one messages ({@link #OWNER}), the sender of broadcasts ({@link #BROADCASTS}) or the
 * group of group messages ({@link #GROUP}); the word is {@code Words.hash}.
 */
public final class PostingKey {
  /** Scope, kind and word: the blocks of one word in one scope share them. */
  public static final int LIST_PREFIX = 13;
  /** The bits of an id below its bucket. */
  public static final int BUCKET_SHIFT = 50;
  public static final int LENGTH = 19;

  public static final byte OWNER = 'o';
  public static final byte BROADCASTS = 'b';
  public static final byte GROUP = 'g';

  private PostingKey() {}

  public static byte[] of(long scope, byte kind, int word, int bucket, int step) {
    byte[] k = list(scope, kind, word, LENGTH);
    putBucket(k, bucket);
    k[15] = (byte) (step >>> 24);
    k[16] = (byte) (step >>> 16);
    k[17] = (byte) (step >>> 8);
    k[18] = (byte) step;
    return k;
  }

  /** The bucket of a (non-negative) message id. */
  public static int bucket(long id) {
    return (int) (id >>> BUCKET_SHIFT);
  }

  /** The bucket of a block's key. */
  public static int bucketOf(byte[] key) {
    return (key[13] & 0xFF) << 8 | (key[14] & 0xFF);
  }

  /** The smallest id of {@code bucket}. */
  public static long firstId(int bucket) {
    return (long) bucket << BUCKET_SHIFT;
  }

  /** The largest id of {@code bucket}. */
  public static long lastId(int bucket) {
    return firstId(bucket) | ((1L << BUCKET_SHIFT) - 1);
  }

  /** The blocks of {@code word} in a scope whose buckets hold ids from {@code from} up to {@code to}. */
  public static KeyRange range(long scope, byte kind, int word, long from, long to) {
    byte[] start = list(scope, kind, word, 15);
    putBucket(start, bucket(from));
    byte[] end = list(scope, kind, word, 15);
    putBucket(end, bucket(to));
    return new KeyRange(start, Bytes.prefixEnd(end));
  }

  private static void putBucket(byte[] k, int bucket) {
    k[13] = (byte) (bucket >>> 8);
    k[14] = (byte) bucket;
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
