package io.letterbox.engine.search;

import io.letterbox.keys.PostingKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * The postings of one step of the indexer: appended as the journal gives them, sorted once when
 * they are written, and given as blocks ({@link PostingKey}, {@link PostingBlock}): one per
 * scope, word hash and bucket, in key order (a sorted load takes keys in order). Cheaper than
 * keeping them sorted as they come: a tree of 10^5 keys spent a sixth of the indexer's time on its
 * inserts. A posting is kept as the numbers its key is made of, compared as numbers: comparing
 * keys' bytes took a third of the loader's time.
 */
final class PostingBatch {
  /** A posting: {@code kindWord} is the kind's byte then the word's hash's four, as an unsigned number. */
  private record Posting(long scope, long kindWord, long id, byte[] word) {
    boolean sameBlock(Posting o) {
      return scope == o.scope && kindWord == o.kindWord && PostingKey.bucket(id) == PostingKey.bucket(o.id);
    }

    boolean sameWord(Posting o) {
      return Arrays.equals(word, o.word);
    }
  }

  /** The order of the blocks' keys (compared unsigned), then of words, then of ids. */
  private static final Comparator<Posting> ORDER = (a, b) -> {
    int c = Long.compareUnsigned(a.scope, b.scope);
    if (c == 0) {
      c = Long.compare(a.kindWord, b.kindWord);
    }
    if (c == 0) {
      c = Integer.compare(PostingKey.bucket(a.id), PostingKey.bucket(b.id));
    }
    if (c == 0 && a.word != b.word) {
      c = Arrays.compareUnsigned(a.word, b.word);
    }
    return c != 0 ? c : Long.compare(a.id, b.id);
  };

  private final List<Posting> postings = new ArrayList<>();

  /** A posting of {@code word} (its UTF-8 bytes, whose hash is {@code hash}) for message {@code id} (not negative). */
  void put(long scope, byte kind, int hash, long id, byte[] word) {
    postings.add(new Posting(scope, (kind & 0xFFL) << 32 | (hash & 0xFFFF_FFFFL), id, word));
  }

  int size() {
    return postings.size();
  }

  boolean isEmpty() {
    return postings.isEmpty();
  }

  void clear() {
    postings.clear();
  }

  /**
   * Gives each block's key ({@link PostingKey#of}, with {@code step}) and value once, in key
   * order; a posting put twice is in it once.
   */
  void forEachInOrder(int step, BiConsumer<byte[], byte[]> to) {
    Posting[] sorted = postings.toArray(new Posting[0]);
    Arrays.sort(sorted, ORDER);
    long[] ids = new long[sorted.length];
    int start = 0;
    while (start < sorted.length) {
      Posting first = sorted[start];
      int bucket = PostingKey.bucket(first.id);
      PostingBlock block = new PostingBlock(bucket);
      int end = start;
      while (end < sorted.length && sorted[end].sameBlock(first)) {
        Posting word = sorted[end];
        int n = 0;
        for (; end < sorted.length && sorted[end].sameBlock(first) && sorted[end].sameWord(word); end++) {
          if (n == 0 || ids[n - 1] != sorted[end].id) {
            ids[n++] = sorted[end].id;
          }
        }
        block.add(word.word, ids, 0, n);
      }
      to.accept(PostingKey.of(first.scope, (byte) (first.kindWord >>> 32), (int) first.kindWord, bucket, step),
          block.bytes());
      start = end;
    }
  }
}
