package io.letterbox.server.http;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import java.util.concurrent.atomic.AtomicInteger;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/**
 * Runs engine calls off the event loop. Reads hit RocksDB (up to ~1 ms), and even mutations do
 * validation and reads before they hand their batch to the store, so both run on a worker pool;
 * answers come back on the caller's event loop.
 *
 * <p>The pool's queue has no bound of its own, so this class keeps one: at most
 * {@code maxPending} calls queued, running or (writes) waiting to be durable. Past it a call is
 * refused at once with OVERLOADED (429 with Retry-After), so that a flood of requests costs the
 * server a refusal each instead of memory and a queue that every later request waits behind.
 */
public final class EngineCalls implements AutoCloseable {
  private static final LetterboxException OVERLOADED = new LetterboxException(ErrorCode.OVERLOADED,
      "too many requests in progress; retry shortly");
  private final WorkerExecutor workers;
  private final int maxPending;
  private final AtomicInteger pending = new AtomicInteger();

  public EngineCalls(Vertx vertx, int threads, int maxPending) {
    this.workers = vertx.createSharedWorkerExecutor("letterbox-engine", threads);
    this.maxPending = maxPending;
  }

  /** @return the value of a read; unordered, since reads of one connection are independent */
  public <T> Future<T> read(Callable<T> call) {
    if (!admit()) {
      return Future.failedFuture(OVERLOADED);
    }
    return workers.executeBlocking(call, false).andThen(done -> pending.decrementAndGet());
  }

  /** @return the outcome of a mutation, complete once the engine says it is durable */
  public <T> Future<T> write(Callable<CompletableFuture<T>> call) {
    if (!admit()) {
      return Future.failedFuture(OVERLOADED);
    }
    Context caller = Vertx.currentContext();
    return workers.executeBlocking(call, false)
        .compose(f -> caller == null ? Future.fromCompletionStage(f) : Future.fromCompletionStage(f, caller))
        .andThen(done -> pending.decrementAndGet());
  }

  /** @return calls queued, running or waiting to be durable now */
  public int pending() {
    return pending.get();
  }

  private boolean admit() {
    if (pending.incrementAndGet() > maxPending) {
      pending.decrementAndGet();
      return false;
    }
    return true;
  }

  @Override
  public void close() {
    workers.close();
  }
}
