package io.letterbox.server.http;

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
 */
public final class EngineCalls implements AutoCloseable {
  private final WorkerExecutor workers;

  public EngineCalls(Vertx vertx, int threads) {
    this.workers = vertx.createSharedWorkerExecutor("letterbox-engine", threads);
  }

  /** @return the value of a read; unordered, since reads of one connection are independent */
  public <T> Future<T> read(Callable<T> call) {
    return workers.executeBlocking(call, false);
  }

  /** @return the outcome of a mutation, complete once the engine says it is durable */
  public <T> Future<T> write(Callable<CompletableFuture<T>> call) {
    Context caller = Vertx.currentContext();
    return workers.executeBlocking(call, false).compose(f -> Future.fromCompletionStage(f, caller));
  }

  @Override
  public void close() {
    workers.close();
  }
}
