package io.letterbox.engine.read;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Independent reads of one answer made at the same time. A read of what no cache holds waits on
 * the disk (on HBase, on a round trip); a page's reads of different senders or spaces do not
 * depend on each other, so their waits can overlap (a disk answers several at once: here 4.8×
 * the random reads per second at eight in flight as at one). The calling thread takes part: it
 * runs every read no pool thread has started yet, so a busy pool slows nothing down, and the
 * pool's few threads bound what a burst of cold pages adds.
 */
final class ParallelReads {
  /** Reads in flight beside the callers': enough to keep a disk busy, few enough to stay out of the CPU's way. */
  private static final int THREADS = 8;

  private static final ThreadPoolExecutor POOL = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS,
      new LinkedBlockingQueue<>(), r -> {
        Thread t = new Thread(r, "letterbox-parallel-read");
        t.setDaemon(true);
        return t;
      });

  static {
    POOL.allowCoreThreadTimeOut(true);
  }

  private ParallelReads() {}

  /** {@code read} of every input, in their order; the first failure is thrown once all are done. */
  static <T, R> List<R> map(List<T> inputs, Function<? super T, ? extends R> read) {
    List<R> out = new ArrayList<>(inputs.size());
    if (inputs.size() <= 1) {
      for (T input : inputs) {
        out.add(read.apply(input));
      }
      return out;
    }
    List<FutureTask<R>> tasks = new ArrayList<>(inputs.size());
    for (T input : inputs) {
      tasks.add(new FutureTask<>(() -> read.apply(input)));
    }
    for (int i = 1; i < tasks.size(); i++) {
      POOL.execute(tasks.get(i));
    }
    for (FutureTask<R> task : tasks) {
      task.run(); // does nothing if a pool thread has started it
    }
    RuntimeException failure = null;
    for (FutureTask<R> task : tasks) {
      try {
        out.add(task.get());
      } catch (ExecutionException e) {
        if (e.getCause() instanceof Error error) {
          throw error;
        }
        if (failure == null) {
          failure = e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
        out.add(null);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while reading", e);
      }
    }
    if (failure != null) {
      throw failure;
    }
    return out;
  }

  /** Runs every one of {@code reads} (as {@link #map}). */
  static void run(List<Runnable> reads) {
    map(reads, r -> {
      r.run();
      return null;
    });
  }
}
