package io.letterbox.bench.baseline.push;

import io.letterbox.bench.targets.ListPage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/**
 * The push design's reads: reverse range scans over index rows, a forward scan of the
 * conversation list, then the contents by dmid.
 */
final class PushScans {
  private PushScans() {}

  /** Up to {@code limit} keys of {@code prefix} below {@code upper}, newest (largest) first. */
  static List<byte[]> reverse(RocksDB db, ColumnFamilyHandle family, byte[] prefix, byte[] upper, int limit) {
    List<byte[]> keys = new ArrayList<>(limit);
    reverse(db, family, prefix, upper, key -> {
      keys.add(key);
      return keys.size() < limit;
    });
    return keys;
  }

  /** Visits the keys of {@code prefix} below {@code upper} newest first, while {@code more} says so. */
  static void reverse(RocksDB db, ColumnFamilyHandle family, byte[] prefix, byte[] upper, Predicate<byte[]> more) {
    // Bounds in the prefix: RocksDB uses the prefix bloom only where they prove it safe.
    try (Slice lower = new Slice(prefix); Slice up = new Slice(upper); ReadOptions read = new ReadOptions()) {
      read.setIterateLowerBound(lower).setIterateUpperBound(up).setAutoPrefixMode(true);
      try (RocksIterator it = db.newIterator(family, read)) {
        for (it.seekToLast(); it.isValid() && more.test(it.key()); it.prev()) {
          // visited
        }
        it.status();
      }
    } catch (RocksDBException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Reads the contents of the dmids at {@code idOffset} in {@code keys}; @return how many exist. */
  static int contents(PushRocksDb db, List<byte[]> keys, int idOffset) {
    if (keys.isEmpty()) {
      return 0;
    }
    List<byte[]> ids = new ArrayList<>(keys.size());
    keys.forEach(k -> ids.add(PushKeys.content(PushKeys.at(k, idOffset))));
    try {
      List<byte[]> values = db.db.multiGetAsList(Collections.nCopies(ids.size(), db.content), ids);
      return (int) values.stream().filter(v -> v != null).count();
    } catch (RocksDBException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A page of the owner's conversation list after the "recent" key {@code after} (null: the
   * first page): a forward scan of the owner's "recent" rows, newest first, each checked against
   * its pair's "latest" row (a stale row, left by two writers moving one pair at once, is
   * skipped), then the last messages' contents.
   */
  static ListPage page(PushRocksDb db, long owner, byte[] after, int limit) {
    byte[] prefix = PushKeys.owner(owner);
    List<byte[]> keys = new ArrayList<>(limit + 1);
    List<byte[]> ids = new ArrayList<>(limit + 1);
    try (Slice lower = new Slice(after == null ? prefix : PushKeys.successor(after));
         Slice upper = new Slice(PushKeys.after(prefix)); ReadOptions read = new ReadOptions()) {
      read.setIterateLowerBound(lower).setIterateUpperBound(upper).setAutoPrefixMode(true);
      try (RocksIterator it = db.db.newIterator(db.recent, read)) {
        it.seekToFirst();
        while (keys.size() <= limit && it.isValid()) {
          List<byte[]> candidates = new ArrayList<>();
          List<byte[]> candidateIds = new ArrayList<>();
          List<byte[]> pairs = new ArrayList<>();
          for (; it.isValid() && candidates.size() < limit + 1 - keys.size(); it.next()) {
            candidates.add(it.key());
            candidateIds.add(it.value());
            pairs.add(PushKeys.latest(owner, PushKeys.at(it.key(), 16)));
          }
          it.status();
          List<byte[]> last = db.db.multiGetAsList(Collections.nCopies(pairs.size(), db.latest), pairs);
          for (int i = 0; i < candidates.size(); i++) {
            if (Arrays.equals(last.get(i), candidateIds.get(i))) {
              keys.add(candidates.get(i));
              ids.add(candidateIds.get(i));
            }
          }
        }
      }
    } catch (RocksDBException e) {
      throw new IllegalStateException(e);
    }
    boolean more = keys.size() > limit;
    int shown = Math.min(limit, keys.size());
    return new ListPage(contents(db, ids.subList(0, shown), 0), more ? keys.get(limit - 1) : null,
        keys.isEmpty() ? 0 : PushKeys.at(keys.get(0), 16));
  }
}
