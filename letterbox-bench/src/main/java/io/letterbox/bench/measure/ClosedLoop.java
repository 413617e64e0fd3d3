package io.letterbox.bench.measure;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;

/**
 * Drives an asynchronous operation {@code ops} times with at most {@code window} in flight: the
 * way many concurrent clients load a server that groups their writes (group commit).
 */
public final class ClosedLoop {
  private ClosedLoop() {}

  /** @param op starts operation number i and returns its completion */
  public static Measured run(String label, long ops, int window, LongFunction<CompletableFuture<?>> op)
      throws InterruptedException {
    Latency latency = new Latency();
    Errors errors = new Errors();
    Semaphore slots = new Semaphore(window);
    AtomicLong done = new AtomicLong();
    try (Progress progress = Progress.start(label, ops)) {
      long start = System.nanoTime();
      for (long i = 0; i < ops; i++) {
        slots.acquire();
        long t0 = System.nanoTime();
        CompletableFuture<?> f;
        try {
          f = op.apply(i);
        } catch (RuntimeException e) {
          f = CompletableFuture.failedFuture(e);
        }
        f.whenComplete((v, e) -> {
          if (e == null) {
            latency.recordSince(t0);
            done.incrementAndGet();
          } else {
            errors.add(e);
          }
          progress.advance(1);
          slots.release();
        });
      }
      slots.acquire(window);
      double seconds = (System.nanoTime() - start) / 1e9;
      return new Measured(done.get(), errors.count(), seconds, latency, errors.first());
    }
  }
}
