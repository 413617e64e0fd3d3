package io.letterbox.engine.search;

import io.letterbox.keys.PostingKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * The postings of one step of the indexer: appended as the journal gives them, sorted once when
 * they are written (a sorted load takes keys in order). Cheaper than keeping them sorted as they
 * come: a tree of 10^5 keys spent a sixth of the indexer's time on its inserts. A posting is kept
 * as the numbers its key is made of, compared as numbers, and its key built only as it is given:
 * comparing the keys' bytes took a third of the loader's time.
 */
final class PostingBatch {
  /** A posting's key in parts: {@code kindWord} is the kind's byte then the word's four, as an unsigned number. */
  private record Posting(long scope, long kindWord, long id, byte[] value) {
    boolean sameKey(Posting o) {
      return scope == o.scope && kindWord == o.kindWord && id == o.id;
    }
  }

  /** The order of {@link PostingKey#of}'s bytes, compared unsigned. */
  private static final Comparator<Posting> BY_KEY = (a, b) -> {
    int c = Long.compareUnsigned(a.scope, b.scope);
    if (c == 0) {
      c = Long.compare(a.kindWord, b.kindWord);
    }
    return c != 0 ? c : Long.compareUnsigned(a.id, b.id);
  };

  private final List<Posting> postings = new ArrayList<>();

  void put(long scope, byte kind, int word, long id, byte[] value) {
    postings.add(new Posting(scope, (kind & 0xFFL) << 32 | (word & 0xFFFF_FFFFL), id, value));
  }

  /** The messages its postings are of. */
  java.util.Set<Long> ids() {
    java.util.Set<Long> ids = new java.util.HashSet<>();
    for (Posting p : postings) {
      ids.add(p.id);
    }
    return ids;
  }

  /** Gives the key of each of its postings of a message among {@code ids}. */
  void forEachKeyOf(java.util.Set<Long> ids, java.util.function.Consumer<byte[]> to) {
    for (Posting p : postings) {
      if (ids.contains(p.id)) {
        to.accept(PostingKey.of(p.scope, (byte) (p.kindWord >>> 32), (int) p.kindWord, p.id));
      }
    }
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

  /** Gives each key ({@link PostingKey#of}) once, in key order, with the value put last for it. */
  void forEachInOrder(BiConsumer<byte[], byte[]> to) {
    Posting[] sorted = postings.toArray(new Posting[0]);
    Arrays.sort(sorted, BY_KEY); // stable: of equal keys, the one put last stays last
    for (int i = 0; i < sorted.length; i++) {
      Posting p = sorted[i];
      if (i + 1 < sorted.length && p.sameKey(sorted[i + 1])) {
        continue;
      }
      to.accept(PostingKey.of(p.scope, (byte) (p.kindWord >>> 32), (int) p.kindWord, p.id), p.value);
    }
  }
}
