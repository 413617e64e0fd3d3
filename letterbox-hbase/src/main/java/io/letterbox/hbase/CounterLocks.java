package io.letterbox.hbase;

import io.letterbox.store.StoreException;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Striped locks over counter rows, held by a write from the reads of its counters until its last
 * step is acknowledged, so that two writers of one JVM never set a counter from the same read.
 * Across processes nothing stops them: a counter must have one writer at a time (the engine's
 * partition owner).
 */
final class CounterLocks {
  /** Unlocks what {@link #lock} locked. */
  interface Held extends AutoCloseable {
    @Override
    void close();
  }

  private static final Held NONE = () -> {};

  private final ReentrantLock[] stripes;

  CounterLocks(int stripes) {
    this.stripes = new ReentrantLock[stripes];
    Arrays.setAll(this.stripes, i -> new ReentrantLock());
  }

  /** Locks the stripes of {@code rows}, in stripe order, so that writers never wait for each other in a circle. */
  Held lock(Map<SpaceTable, List<RowOp>> rows) {
    if (rows.isEmpty()) {
      return NONE;
    }
    BitSet chosen = new BitSet(stripes.length);
    rows.forEach((table, ops) -> {
      for (RowOp op : ops) {
        chosen.set(Math.floorMod(31 * table.name().hashCode() + Arrays.hashCode(op.row()), stripes.length));
      }
    });
    int[] locked = chosen.stream().toArray();
    for (int i = 0; i < locked.length; i++) {
      try {
        stripes[locked[i]].lockInterruptibly();
      } catch (InterruptedException e) {
        unlock(locked, i);
        Thread.currentThread().interrupt();
        throw new StoreException("interrupted while waiting for another write of the same counters", e);
      }
    }
    return () -> unlock(locked, locked.length);
  }

  private void unlock(int[] locked, int count) {
    for (int i = count - 1; i >= 0; i--) {
      stripes[locked[i]].unlock();
    }
  }
}
