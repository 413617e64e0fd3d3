package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.NotInMemory;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.lang.reflect.Proxy;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A read that the store answers from memory is answered on the caller's event loop; one that needs
 * the disk runs again on the engine's pool; a read that fails fails once, where it ran.
 */
class EngineCallsFromMemoryTest {
  private final Vertx vertx = Vertx.vertx();
  private final AtomicBoolean inMemory = new AtomicBoolean(true);
  private final EngineCalls calls = new EngineCalls(vertx, 2, 16, store(inMemory));

  @AfterEach
  void close() throws Exception {
    calls.close();
    vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  @Test
  void aReadTheStoreHasInMemoryIsAnsweredOnTheCallersEventLoop() throws Exception {
    Context loop = vertx.getOrCreateContext();
    Thread[] ranOn = new Thread[1];
    Thread[] callerOn = new Thread[1];

    String answer = onLoop(loop, () -> {
      callerOn[0] = Thread.currentThread();
      return calls.readFromMemory(() -> {
        ranOn[0] = Thread.currentThread();
        return "page";
      });
    });

    assertThat(answer).isEqualTo("page");
    assertThat(ranOn[0]).isSameAs(callerOn[0]);
    assertThat(calls.pending()).isZero();
  }

  @Test
  void aReadThatNeedsTheDiskRunsAgainOnTheEnginesPool() throws Exception {
    inMemory.set(false);
    Context loop = vertx.getOrCreateContext();
    CompletableFuture<String> ranOn = new CompletableFuture<>();

    String answer = onLoop(loop, () -> calls.readFromMemory(() -> {
      ranOn.complete(Thread.currentThread().getName());
      return "page";
    }));

    assertThat(answer).isEqualTo("page");
    assertThat(ranOn.get(30, TimeUnit.SECONDS)).startsWith("letterbox-engine-");
  }

  @Test
  void aReadThatFailsFailsOnceWithItsOwnCause() throws Exception {
    Context loop = vertx.getOrCreateContext();
    AtomicInteger runs = new AtomicInteger();
    CompletableFuture<Throwable> failure = new CompletableFuture<>();

    loop.runOnContext(v -> calls.readFromMemory(() -> {
      runs.incrementAndGet();
      throw LetterboxException.notFound("no such message");
    }).onComplete(r -> failure.complete(r.cause())));

    Throwable cause = failure.get(30, TimeUnit.SECONDS);
    assertThat(cause).isInstanceOf(LetterboxException.class);
    assertThat(((LetterboxException) cause).code()).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(runs).hasValue(1);
  }

  private static <T> T onLoop(Context loop, Supplier<Future<T>> call) throws Exception {
    CompletableFuture<T> answer = new CompletableFuture<>();
    loop.runOnContext(v -> call.get().onComplete(r -> {
      if (r.succeeded()) {
        answer.complete(r.result());
      } else {
        answer.completeExceptionally(r.cause());
      }
    }));
    return answer.get(30, TimeUnit.SECONDS);
  }

  /** A store whose only use here is {@link KeyValueStore#fromMemory}: it answers while {@code inMemory} holds. */
  @SuppressWarnings("unchecked")
  private static KeyValueStore store(AtomicBoolean inMemory) {
    return (KeyValueStore) Proxy.newProxyInstance(KeyValueStore.class.getClassLoader(),
        new Class<?>[] {KeyValueStore.class}, (proxy, method, args) -> {
          if (!method.getName().equals("fromMemory")) {
            throw new UnsupportedOperationException(method.getName());
          }
          if (!inMemory.get()) {
            throw NotInMemory.INSTANCE;
          }
          return ((Supplier<Object>) args[0]).get();
        });
  }
}
