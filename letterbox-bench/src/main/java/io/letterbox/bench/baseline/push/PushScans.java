package io.letterbox.bench.baseline.push;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/** The push design's reads: reverse range scans over index rows, then the contents by dmid. */
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
   * The conversation list in this design: walk the owner's inbox newest first until
   * {@code limit} distinct peers showed up, then read their last messages. A peer that wrote
   * thousands of times meanwhile costs thousands of rows: that is the design.
   */
  static int latestPerPeer(PushRocksDb db, long owner, int limit) {
    byte[] prefix = PushKeys.owner(owner);
    Set<Long> peers = new HashSet<>();
    List<byte[]> newest = new ArrayList<>(limit);
    reverse(db.db, db.inbox, prefix, PushKeys.after(prefix), key -> {
      if (peers.add(PushKeys.at(key, 16))) {
        newest.add(key);
      }
      return newest.size() < limit;
    });
    return contents(db, newest, 8);
  }
}
