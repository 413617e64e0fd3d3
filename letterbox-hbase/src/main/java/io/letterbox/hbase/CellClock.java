package io.letterbox.hbase;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The timestamps of the cells this JVM writes: microseconds since the epoch, strictly increasing.
 *
 * <p>HBase orders a row's versions, and decides what a delete hides, by timestamp alone, and its
 * own timestamps are milliseconds: a delete hides every cell of its millisecond, including a put
 * or an increment that follows it. Stamping every mutation here, in the order they are sent, makes
 * a later mutation of a row always win over an earlier one of the same JVM. The unit is the
 * microsecond, not the millisecond, so that the clock does not run ahead of real time under load
 * (it would need a million mutations per second), and so that HBase's own increment stamps (the
 * current cell's plus one) stay below the next stamp this clock issues. Writers of one row in
 * several processes are ordered by their clocks (NTP), as with any client-stamped HBase data.
 */
final class CellClock {
  private static final AtomicLong last = new AtomicLong();

  private CellClock() {}

  /** @return a timestamp greater than every one returned before in this JVM */
  static long next() {
    Instant now = Instant.now();
    long micros = now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
    return last.accumulateAndGet(micros, (previous, current) -> Math.max(previous + 1, current));
  }
}
