package io.letterbox.engine.expiry;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a sweep every so often on a thread of its own (a sweep waits for its removals, which the
 * partitions' own timer must never do), logging what it removed and why it stopped. Serves every
 * timer read by the partitions' owners: expiring messages, sending scheduled ones (decision 0052).
 */
public final class SweepThread implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(SweepThread.class);

  private final ScheduledExecutorService timer;

  /** @param sweep returns how many removals it asked for */
  SweepThread(String name, Duration every, IntSupplier sweep) {
    this(name, every, sweep, "messages removed");
  }

  /** @param sweep returns how many of {@code what} it did */
  public SweepThread(String name, Duration every, IntSupplier sweep, String what) {
    timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "letterbox-" + name);
      t.setDaemon(true);
      return t;
    });
    timer.scheduleWithFixedDelay(() -> {
      try {
        int removed = sweep.getAsInt();
        if (removed > 0) {
          log.info("{}: {} {}", name, removed, what);
        }
      } catch (RuntimeException e) {
        log.warn("{}: the sweep stopped; the next resumes where it did", name, e);
      }
    }, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
