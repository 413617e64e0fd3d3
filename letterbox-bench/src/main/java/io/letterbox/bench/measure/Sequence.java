package io.letterbox.bench.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Numbered steps one after another on the calling thread, each timing through the
 * {@link TimedLoop.Timer} only what it measures: a read right after a restart (the restart is not
 * timed), or the next page of a walk that needs the cursor of the one before. A step that throws
 * counts as a failure and the sequence goes on. Each sample is kept, in order.
 */
public final class Sequence {
  /** Step number {@code i}. @return whether there is a next step */
  @FunctionalInterface
  public interface Step {
    boolean run(int i, TimedLoop.Timer timer) throws Exception;
  }

  private Sequence() {}

  /** Runs steps 0 to {@code count - 1}, or until one says there is no next. */
  public static Measured run(String label, int count, Step step) {
    Latency latency = new Latency();
    Errors errors = new Errors();
    AtomicLong done = new AtomicLong();
    List<Double> samples = new ArrayList<>();
    TimedLoop.Timer timer = TimedLoop.timer(latency, done, nanos -> samples.add(nanos / 1e6));
    try (Progress progress = Progress.start(label, count)) {
      long start = System.nanoTime();
      for (int i = 0; i < count; i++) {
        boolean more = true;
        try {
          more = step.run(i, timer);
        } catch (Exception | AssertionError e) {
          errors.add(e);
        }
        progress.advance(1);
        if (!more) {
          break;
        }
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      return new Measured(done.get(), errors.count(), seconds, latency, errors.first(), samples);
    }
  }
}
