package io.letterbox.rocksdb;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.ScanVisitor;
import io.letterbox.store.Space;
import java.util.Arrays;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/**
 * A bounded scan of one column family.
 *
 * <p>Both ends of the range become iterate bounds: the iterator stops at them without reading
 * past, and a reverse scan starts with {@code SeekToLast}, which with an upper bound lands on the
 * last key below it.
 *
 * <p>In a prefixed space, plain prefix seek would be wrong for ranges that cross prefixes, and
 * for reverse scans, whose first seek targets the upper bound, a key of the next prefix. So a range
 * within one prefix scans in auto prefix mode (RocksDB uses the prefix bloom only where the bounds
 * prove it safe), and any other range in total order (no prefix bloom; always correct).
 */
final class RangeScan {
  private RangeScan() {}

  static void run(RocksDB db, ColumnFamilies.Family family, KeyRange range, boolean reverse, ScanVisitor visitor)
      throws RocksDBException {
    Space space = family.space();
    // Declared before the ReadOptions that points to them, so that they are closed after it.
    try (Slice lower = new Slice(range.from());
         Slice upper = range.to() == null ? null : new Slice(range.to());
         ReadOptions read = new ReadOptions()) {
      read.setIterateLowerBound(lower);
      if (upper != null) {
        read.setIterateUpperBound(upper);
      }
      if (withinOnePrefix(space.prefixLength(), range)) {
        read.setAutoPrefixMode(true);
      } else {
        read.setTotalOrderSeek(true);
      }
      try (RocksIterator it = db.newIterator(family.handle(), read)) {
        if (reverse) {
          it.seekToLast();
        } else {
          it.seek(range.from());
        }
        for (; it.isValid(); step(it, reverse)) {
          byte[] value = space.counters() ? CounterCodec.toBigEndian(it.value()) : it.value();
          if (!visitor.visit(it.key(), value)) {
            return;
          }
        }
        it.status(); // an iterator also ends on an I/O error; this throws it
      }
    }
  }

  /** Whether every key of {@code range} starts with the same {@code prefixLength} bytes. */
  static boolean withinOnePrefix(int prefixLength, KeyRange range) {
    byte[] from = range.from();
    byte[] to = range.to();
    if (prefixLength == 0 || to == null || from.length < prefixLength) {
      return false;
    }
    if (to.length >= prefixLength && Arrays.equals(from, 0, prefixLength, to, 0, prefixLength)) {
      return true;
    }
    return Arrays.equals(to, Bytes.prefixEnd(Arrays.copyOf(from, prefixLength)));
  }

  private static void step(RocksIterator it, boolean reverse) {
    if (reverse) {
      it.prev();
    } else {
      it.next();
    }
  }
}
