package io.letterbox.bench.baseline;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Group commit for the baselines, so that they get the same chance as Letterbox: writer threads
 * take whatever requests are waiting (up to {@code maxBatch}), write them with one durable
 * write (one multi-row insert, one synced batch), then complete them all.
 *
 * @param <T> a write request
 */
public final class BatchingWriter<T> implements AutoCloseable {
  /** Writes a group durably; one per writer thread (it may hold a connection). */
  public interface Sink<T> extends AutoCloseable {
    void write(List<T> items) throws Exception;

    @Override
    default void close() throws Exception {}
  }

  private record Pending<T>(T item, CompletableFuture<Void> done) {}

  private final BlockingQueue<Pending<T>> queue = new LinkedBlockingQueue<>();
  private final List<Thread> threads = new ArrayList<>();
  private final int maxBatch;
  private volatile boolean running = true;

  public BatchingWriter(String name, int writers, int maxBatch, Supplier<Sink<T>> sinks) {
    this.maxBatch = maxBatch;
    for (int i = 0; i < writers; i++) {
      Sink<T> sink = sinks.get();
      Thread t = new Thread(() -> drain(sink), name + "-writer-" + i);
      t.setDaemon(true);
      threads.add(t);
      t.start();
    }
  }

  /** @return completes when a group holding {@code item} was written durably */
  public CompletableFuture<Void> submit(T item) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    queue.add(new Pending<>(item, done));
    return done;
  }

  private void drain(Sink<T> sink) {
    List<Pending<T>> group = new ArrayList<>(maxBatch);
    List<T> items = new ArrayList<>(maxBatch);
    try (sink) {
      while (running || !queue.isEmpty()) {
        Pending<T> first = queue.poll(50, TimeUnit.MILLISECONDS);
        if (first == null) {
          continue;
        }
        group.add(first);
        queue.drainTo(group, maxBatch - 1);
        group.forEach(p -> items.add(p.item()));
        try {
          sink.write(items);
          group.forEach(p -> p.done().complete(null));
        } catch (Exception e) {
          group.forEach(p -> p.done().completeExceptionally(e));
        }
        group.clear();
        items.clear();
      }
    } catch (Exception e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Writes what is queued, then stops the writers. */
  @Override
  public void close() {
    running = false;
    for (Thread t : threads) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
