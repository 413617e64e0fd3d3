package io.letterbox.bench.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs a blocking operation on {@code threads} threads, each as fast as it can, for a fixed time:
 * closed-loop readers. Thread t draws its choices from its own stream, {@link Seeds#of(long, int)}
 * of the seed, so threads never replay each other and runs repeat.
 */
public final class TimedLoop {
  /**
   * One round of work. It times what it measures through the {@link Timer}: once for a simple
   * read, or only the later steps of a walk whose first steps just get somewhere (an older page
   * needs the cursors of the newer ones). It may throw, which counts as a failure.
   */
  @FunctionalInterface
  public interface Op {
    void run(SplittableRandom random, Timer timer) throws Exception;
  }

  /** Times one measured operation and counts it. */
  public interface Timer {
    <T> T time(Callable<T> operation) throws Exception;
  }

  private TimedLoop() {}

  /**
   * A timer that records into {@code latency}, counts into {@code done} and hands each duration
   * in nanoseconds to {@code each}: one reading, so whatever {@code each} keeps agrees with the
   * histogram.
   */
  static Timer timer(Latency latency, AtomicLong done, java.util.function.LongConsumer each) {
    return new Timer() {
      @Override
      public <T> T time(Callable<T> operation) throws Exception {
        long start = System.nanoTime();
        T result = operation.call();
        long nanos = System.nanoTime() - start;
        latency.record(nanos);
        done.incrementAndGet();
        each.accept(nanos);
        return result;
      }
    };
  }

  public static Measured run(String label, int threads, double seconds, long seed, Op op)
      throws InterruptedException {
    Latency latency = new Latency();
    Errors errors = new Errors();
    AtomicLong done = new AtomicLong();
    Timer timer = timer(latency, done, nanos -> {});
    long millis = (long) (seconds * 1000);
    List<Thread> workers = new ArrayList<>();
    try (Progress progress = Progress.start(label, millis)) {
      long start = System.nanoTime();
      long deadline = start + millis * 1_000_000L;
      for (int t = 0; t < threads; t++) {
        SplittableRandom random = new SplittableRandom(Seeds.of(seed, t));
        Thread worker = new Thread(() -> {
          while (System.nanoTime() < deadline) {
            try {
              op.run(random, timer);
            } catch (Exception | AssertionError e) {
              errors.add(e);
            }
          }
        }, "bench-" + label + "-" + t);
        workers.add(worker);
        worker.start();
      }
      long reported = 0;
      for (Thread w : workers) {
        while (w.isAlive()) {
          w.join(200);
          long elapsed = Math.min(millis, (System.nanoTime() - start) / 1_000_000L);
          progress.advance(elapsed - reported);
          reported = elapsed;
        }
      }
      double elapsed = (System.nanoTime() - start) / 1e9;
      return new Measured(done.get(), errors.count(), elapsed, latency, errors.first());
    }
  }
}
