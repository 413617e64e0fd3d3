package io.letterbox.engine.search;

import io.letterbox.keys.PostingKey;
import io.letterbox.keys.Spaces;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.ScanVisitor;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * A store's postings one by one, whatever the steps that wrote their blocks: what {@code verify}
 * compares and what a count of postings counts. Each is given as scope(8) kind(1) hash(4) id(8)
 * with its word's UTF-8 bytes as the value, in the order of those keys then of the words, once.
 */
public final class PostingScan {
  private static final int BLOCK_PREFIX = PostingKey.LIST_PREFIX + 2;

  private PostingScan() {}

  /** Gives {@code to} every posting of {@code store} until it returns false. */
  public static void scan(StoreReads store, ScanVisitor to) {
    Group group = new Group(to);
    store.scan(Spaces.POSTINGS, new KeyRange(new byte[0], null), false, (k, v) -> {
      if (!group.holds(k) && !group.flush()) {
        return false;
      }
      group.add(k, v);
      return true;
    });
    group.flush();
  }

  /** The postings of the blocks of one scope, hash and bucket, every step's. */
  private static final class Group {
    private static final Comparator<Posting> ORDER = Comparator.comparingLong(Posting::id)
        .thenComparing(Posting::word, Arrays::compareUnsigned);
    private final ScanVisitor to;
    private byte[] prefix;
    private final List<Posting> postings = new ArrayList<>();

    private record Posting(long id, byte[] word) {}

    Group(ScanVisitor to) {
      this.to = to;
    }

    boolean holds(byte[] key) {
      return prefix != null && Arrays.equals(prefix, 0, BLOCK_PREFIX, key, 0, BLOCK_PREFIX);
    }

    void add(byte[] key, byte[] value) {
      prefix = key;
      PostingBlock.forEach(value, PostingKey.bucketOf(key),
          (v, from, end, id) -> postings.add(new Posting(id, Arrays.copyOfRange(v, from, end))));
    }

    /** Gives the group's postings: whether to go on. */
    boolean flush() {
      postings.sort(ORDER);
      Posting last = null;
      for (Posting p : postings) {
        if (last != null && last.id == p.id && Arrays.equals(last.word, p.word)) {
          continue;
        }
        last = p;
        byte[] key = Arrays.copyOf(prefix, PostingKey.LIST_PREFIX + 8);
        Bytes.putLong(key, PostingKey.LIST_PREFIX, p.id);
        if (!to.visit(key, p.word)) {
          postings.clear();
          return false;
        }
      }
      postings.clear();
      return true;
    }
  }
}
