package io.letterbox.hbase;

import io.letterbox.store.StoreException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;

/**
 * Locks over counter rows, held by a write from the reads of its counters until its last step is
 * acknowledged, so that two writers of one JVM never set a counter from the same read. A lock is
 * per row, not per stripe of rows: the engine's partitions never share a counter, and a batch
 * holds hundreds of counters for several round trips, so stripes would make writers of different
 * partitions wait for each other (measured: sends on 64 partitions ran at a tenth of one
 * partition's rate). Across processes nothing stops them: a counter must have one writer at a
 * time (the engine's partition owner).
 */
final class CounterLocks {
  /** Unlocks what {@link #lock} locked. */
  interface Held extends AutoCloseable {
    @Override
    void close();
  }

  private static final Held NONE = () -> {};

  /** The rows locked now; a waiter waits on the holder's latch, then tries again. */
  private final ConcurrentHashMap<Row, CountDownLatch> held = new ConcurrentHashMap<>();

  /** A counter row of a table, as a map key. */
  private record Row(String table, byte[] row) implements Comparable<Row> {
    @Override
    public boolean equals(Object o) {
      return o instanceof Row r && r.table.equals(table) && Arrays.equals(r.row, row);
    }

    @Override
    public int hashCode() {
      return 31 * table.hashCode() + Arrays.hashCode(row);
    }

    @Override
    public int compareTo(Row o) {
      int c = table.compareTo(o.table);
      return c != 0 ? c : Arrays.compareUnsigned(row, o.row);
    }
  }

  /** Locks {@code rows} in one order (table, then row), so that writers never wait in a circle. */
  Held lock(Map<SpaceTable, List<RowOp>> rows) {
    if (rows.isEmpty()) {
      return NONE;
    }
    TreeSet<Row> wanted = new TreeSet<>();
    rows.forEach((table, ops) -> {
      for (RowOp op : ops) {
        wanted.add(new Row(table.name().getNameAsString(), op.row()));
      }
    });
    List<Row> locked = new ArrayList<>(wanted.size());
    CountDownLatch mine = new CountDownLatch(1);
    try {
      for (Row row : wanted) {
        CountDownLatch other;
        while ((other = held.putIfAbsent(row, mine)) != null) {
          other.await();
        }
        locked.add(row);
      }
    } catch (InterruptedException e) {
      unlock(locked, mine);
      Thread.currentThread().interrupt();
      throw new StoreException("interrupted while waiting for another write of the same counters", e);
    }
    return () -> unlock(locked, mine);
  }

  private void unlock(List<Row> locked, CountDownLatch mine) {
    for (Row row : locked) {
      held.remove(row, mine);
    }
    mine.countDown();
  }
}
