package io.letterbox.engine.search;

import io.letterbox.keys.PostingKey;
import io.letterbox.keys.Spaces;
import io.letterbox.store.StoreReads;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One word's postings in one scope, read newest first a bucket at a time: the blocks of the newest
 * bucket at or below a seek, every step's, decoded together; a posting of another word with the
 * same hash is passed over.
 */
final class PostingList {
  private static final long[] NONE = new long[0];
  private final StoreReads store;
  private final long scope;
  private final byte kind;
  private final int hash;
  private final byte[] word;
  private final long lowest;
  /** The ids of the bucket read last, newest first: every posting in [low, high] is among them. */
  private long[] ids = NONE;
  private long low = Long.MAX_VALUE;
  private long high = Long.MIN_VALUE;

  /** The postings of {@code word} in a scope with ids from {@code lowest} up. */
  PostingList(StoreReads store, long scope, byte kind, String word, long lowest) {
    this.store = store;
    this.scope = scope;
    this.kind = kind;
    this.hash = Words.hash(word);
    this.word = word.getBytes(StandardCharsets.UTF_8);
    this.lowest = Math.max(0, lowest);
  }

  /** @return the newest id at most {@code x} and at least the list's lowest, or -1 */
  long atMost(long x) {
    while (x >= lowest) {
      if (x < low || x > high) {
        read(x);
      }
      int i = firstAtMost(x);
      if (i < ids.length) {
        return ids[i] >= lowest ? ids[i] : -1;
      }
      x = low - 1;
    }
    return -1;
  }

  /** Reads the newest bucket at or below {@code x} that has postings of the hash (none: down to the lowest). */
  private void read(long x) {
    int[] bucket = {-1};
    long[][] found = {new long[16]};
    int[] n = {0};
    store.scan(Spaces.POSTINGS, PostingKey.range(scope, kind, hash, lowest, x), true, (k, v) -> {
      int b = PostingKey.bucketOf(k);
      if (bucket[0] >= 0 && b != bucket[0]) {
        return false;
      }
      bucket[0] = b;
      PostingBlock.idsOf(v, b, word, id -> {
        if (n[0] == found[0].length) {
          found[0] = Arrays.copyOf(found[0], 2 * n[0]);
        }
        found[0][n[0]++] = id;
      });
      return true;
    });
    high = x;
    if (bucket[0] < 0) {
      ids = NONE;
      low = lowest;
      return;
    }
    low = PostingKey.firstId(bucket[0]);
    high = Math.max(x, PostingKey.lastId(bucket[0]));
    ids = newestFirst(found[0], n[0]);
  }

  /** The first {@code n} of {@code values}, distinct, largest first. */
  private static long[] newestFirst(long[] values, int n) {
    long[] sorted = Arrays.copyOf(values, n);
    boolean ascending = true;
    for (int i = 1; i < n && ascending; i++) {
      ascending = sorted[i - 1] < sorted[i];
    }
    if (!ascending) {
      // Several steps' blocks of one bucket: runs of ascending ids, which the sort merges.
      Arrays.sort(sorted);
    }
    long[] out = new long[n];
    int m = 0;
    for (int i = n - 1; i >= 0; i--) {
      if (m == 0 || sorted[i] != out[m - 1]) {
        out[m++] = sorted[i];
      }
    }
    return m == n ? out : Arrays.copyOf(out, m);
  }

  /** The first index whose id is at most {@code x} (ids descending). */
  private int firstAtMost(long x) {
    int lo = 0;
    int hi = ids.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (ids[mid] > x) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
