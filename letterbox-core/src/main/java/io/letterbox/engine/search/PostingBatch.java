package io.letterbox.engine.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * The postings of one step of the indexer: appended as the journal gives them, sorted once when
 * they are written (a sorted load takes keys in order). Cheaper than keeping them sorted as they
 * come: a tree of 10^5 keys spent a sixth of the indexer's time on its inserts.
 */
final class PostingBatch {
  private record Posting(byte[] key, byte[] value) {}

  private static final Comparator<Posting> BY_KEY = (a, b) -> Arrays.compareUnsigned(a.key(), b.key());

  private final List<Posting> postings = new ArrayList<>();

  void put(byte[] key, byte[] value) {
    postings.add(new Posting(key, value));
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

  /** Gives each key once, in key order, with the value put last for it. */
  void forEachInOrder(BiConsumer<byte[], byte[]> to) {
    Posting[] sorted = postings.toArray(new Posting[0]);
    Arrays.sort(sorted, BY_KEY); // stable: of equal keys, the one put last stays last
    for (int i = 0; i < sorted.length; i++) {
      if (i + 1 < sorted.length && Arrays.equals(sorted[i].key(), sorted[i + 1].key())) {
        continue;
      }
      to.accept(sorted[i].key(), sorted[i].value());
    }
  }
}
