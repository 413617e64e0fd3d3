package io.letterbox.hbase;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The timestamps of the cells this JVM writes: microseconds since the epoch, strictly increasing,
 * and later than every cell this JVM has read (a Lamport clock over cell versions).
 *
 * <p>HBase orders a row's versions, and decides what a delete hides, by timestamp alone, and its
 * own timestamps are milliseconds: a delete hides every cell of its millisecond, including a put
 * or an increment that follows it. Stamping every write here makes a later write of a row always
 * win over an earlier one of the same JVM. The unit is the microsecond, not the millisecond, so
 * that the clock does not run ahead of real time under load (it would need a million writes per
 * second).
 *
 * <p>Across processes, {@link #observe} makes the order causal: the store observes the version of
 * every cell it reads, so a process that reads another's newest rows (a new owner of a partition
 * reading the old owner's journal, decision 0007) stamps everything it writes afterwards later
 * than them, whatever the two machines' clocks say. Writers that never read each other are
 * ordered by their clocks (NTP), as with any client-stamped HBase data.
 */
final class CellClock {
  private static final AtomicLong last = new AtomicLong();

  private CellClock() {}

  /** @return a timestamp greater than every one returned or observed before in this JVM */
  static long next() {
    Instant now = Instant.now();
    long micros = now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
    return last.accumulateAndGet(micros, (previous, current) -> Math.max(previous + 1, current));
  }

  /** Moves the clock to at least {@code timestamp}, the version of a cell that was read. */
  static void observe(long timestamp) {
    // A volatile read first: nearly every cell read is older than the clock, and needs no write.
    if (timestamp > last.get()) {
      last.accumulateAndGet(timestamp, Math::max);
    }
  }
}
