package io.letterbox.server.http;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.server.http.errors.ErrorResponder;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs engine calls off the event loops. Reads hit RocksDB (up to ~1 ms), and even mutations do
 * validation and reads before they hand their batch to the store, so both run on a pool of
 * {@code threads} (worker-threads); answers come back on the caller's event loop, each in one
 * hand-off from the thread that finished it: a read's from the pool's thread, a write's from the
 * engine's thread that saw it durable (never through the caller's event loop in between).
 *
 * <p>The pool's queue has no bound of its own, so this class keeps one: at most
 * {@code maxPending} calls queued, running or (writes) waiting to be durable. Past it a call is
 * refused at once with OVERLOADED (429 with Retry-After), so that a flood of requests costs the
 * server a refusal each instead of memory and a queue that every later request waits behind.
 */
public final class EngineCalls implements AutoCloseable {
  private static final LetterboxException OVERLOADED = new LetterboxException(ErrorCode.OVERLOADED,
      "too many requests in progress; retry shortly");
  private static final LetterboxException STOPPED = new LetterboxException(ErrorCode.NOT_READY,
      "the server is stopping");
  private final ExecutorService workers;
  private final int maxPending;
  private final AtomicInteger pending = new AtomicInteger();

  public EngineCalls(Vertx vertx, int threads, int maxPending) {
    this.workers = Executors.newFixedThreadPool(threads, named("letterbox-engine-"));
    this.maxPending = maxPending;
  }

  /** @return the value of a read; unordered, since reads of one connection are independent */
  public <T> Future<T> read(Callable<T> call) {
    return run(call, false);
  }

  /** @return the outcome of a mutation, complete once the engine says it is durable */
  public <T> Future<T> write(Callable<CompletableFuture<T>> call) {
    return run(call, true);
  }

  /** @return calls queued, running or waiting to be durable now */
  public int pending() {
    return pending.get();
  }

  @SuppressWarnings("unchecked")
  private <T> Future<T> run(Callable<?> call, boolean durable) {
    if (!admit()) {
      return Future.failedFuture(OVERLOADED);
    }
    Context caller = Vertx.currentContext();
    Promise<T> answer = Promise.promise();
    try {
      workers.execute(() -> {
        try {
          Object value = call.call();
          if (durable) {
            ((CompletableFuture<T>) value).whenComplete((v, e) -> answer(caller, answer, v, e));
          } else {
            answer(caller, answer, (T) value, null);
          }
        } catch (Throwable e) {
          answer(caller, answer, null, e);
        }
      });
    } catch (RejectedExecutionException e) {
      pending.decrementAndGet();
      return Future.failedFuture(STOPPED);
    }
    return answer.future();
  }

  /** Ends the call: counted out here, answered on the caller's event loop (at once if it has none). */
  private <T> void answer(Context caller, Promise<T> answer, T value, Throwable failure) {
    pending.decrementAndGet();
    Throwable cause = ErrorResponder.unwrap(failure);
    if (caller == null) {
      complete(answer, value, cause);
    } else {
      caller.runOnContext(v -> complete(answer, value, cause));
    }
  }

  private static <T> void complete(Promise<T> answer, T value, Throwable failure) {
    if (failure == null) {
      answer.complete(value);
    } else {
      answer.fail(failure);
    }
  }

  private boolean admit() {
    if (pending.incrementAndGet() > maxPending) {
      pending.decrementAndGet();
      return false;
    }
    return true;
  }

  private static ThreadFactory named(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + n.getAndIncrement());
      t.setDaemon(true);
      return t;
    };
  }

  @Override
  public void close() {
    workers.shutdown();
  }
}
