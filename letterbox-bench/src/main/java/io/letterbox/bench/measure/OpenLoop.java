package io.letterbox.bench.measure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Starts operations at a fixed target rate whatever the system answers (an open loop), and
 * measures each from the moment it was due, not from when it could start: a slow system shows
 * as latency and a lower achieved rate, never as a silently lower offered load.
 */
public final class OpenLoop {
  /** Operation kinds beyond this many in flight hold the schedule back: the system is saturated. */
  private static final int MAX_IN_FLIGHT = 50_000;

  /** Chooses the next operation. */
  @FunctionalInterface
  public interface Planner {
    Planned next(SplittableRandom random);
  }

  /** An operation of kind number {@code kind}, started by {@code start}. */
  public record Planned(int kind, Supplier<CompletableFuture<?>> start) {}

  /** Measured per kind, plus the achieved total rate under the key {@code "all"}. */
  public record Outcome(Map<String, Measured> byKind, double achievedPerSecond, double offeredPerSecond) {}

  private OpenLoop() {}

  public static Outcome run(String label, double rate, double seconds, long seed, List<String> kinds,
      Planner planner) throws InterruptedException {
    List<Latency> latencies = new ArrayList<>();
    List<AtomicLong> done = new ArrayList<>();
    Errors[] errors = new Errors[kinds.size()];
    for (int k = 0; k < kinds.size(); k++) {
      latencies.add(new Latency());
      done.add(new AtomicLong());
      errors[k] = new Errors();
    }
    SplittableRandom random = new SplittableRandom(seed);
    Semaphore inFlight = new Semaphore(MAX_IN_FLIGHT);
    long total = (long) (rate * seconds);
    double interval = 1e9 / rate;
    long start = System.nanoTime();
    try (Progress progress = Progress.start(label, total)) {
      for (long i = 0; i < total; i++) {
        long due = start + (long) (i * interval);
        for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
          LockSupport.parkNanos(wait);
        }
        Planned op = planner.next(random);
        inFlight.acquire();
        CompletableFuture<?> f;
        try {
          f = op.start().get();
        } catch (RuntimeException e) {
          f = CompletableFuture.failedFuture(e);
        }
        f.whenComplete((v, e) -> {
          if (e == null) {
            latencies.get(op.kind()).recordSince(due);
            done.get(op.kind()).incrementAndGet();
          } else {
            errors[op.kind()].add(e);
          }
          progress.advance(1);
          inFlight.release();
        });
      }
      inFlight.tryAcquire(MAX_IN_FLIGHT, 60, TimeUnit.SECONDS);
    }
    double elapsed = (System.nanoTime() - start) / 1e9;
    Map<String, Measured> byKind = new LinkedHashMap<>();
    long completed = 0;
    for (int k = 0; k < kinds.size(); k++) {
      long n = done.get(k).get();
      completed += n;
      byKind.put(kinds.get(k), new Measured(n, errors[k].count(), elapsed, latencies.get(k), errors[k].first()));
    }
    return new Outcome(byKind, completed / elapsed, rate);
  }
}
