package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Engine calls are bounded: past max-pending-calls a call is refused at once, not queued. */
class EngineCallsTest {
  private final Vertx vertx = Vertx.vertx();
  private final EngineCalls calls = new EngineCalls(vertx, 2, 3);

  @AfterEach
  void close() throws Exception {
    calls.close();
    vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  @Test
  void aCallPastTheBoundIsRefusedAsOverloadedAndTheBoundFreesAsCallsEnd() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CompletableFuture<String> durable = new CompletableFuture<>();
    // Two reads hold both threads, one more waits for a thread, and a write waits to be durable.
    Future<String> first = calls.read(() -> await(release));
    Future<String> second = calls.read(() -> await(release));
    Future<String> queued = calls.read(() -> "queued");
    Future<String> refused = calls.write(() -> durable);

    assertThat(refused.failed()).isTrue();
    assertThat(refused.cause()).isInstanceOf(LetterboxException.class);
    assertThat(((LetterboxException) refused.cause()).code()).isEqualTo(ErrorCode.OVERLOADED);

    release.countDown();
    String[] answers = {first.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS),
        second.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS),
        queued.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS)};
    assertThat(answers).containsExactly("released", "released", "queued");
    Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> calls.pending() == 0);

    Future<String> write = calls.write(() -> durable);
    assertThat(calls.pending()).isEqualTo(1);
    durable.complete("durable");
    assertThat(write.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS)).isEqualTo("durable");
    Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> calls.pending() == 0);
  }

  @Test
  void answersComeBackOnTheCallersEventLoopAndAFailedWriteGivesItsOwnCause() throws Exception {
    Context caller = vertx.getOrCreateContext();
    CompletableFuture<Thread> readOn = new CompletableFuture<>();
    CompletableFuture<Thread> writeOn = new CompletableFuture<>();
    CompletableFuture<Throwable> failedWith = new CompletableFuture<>();
    CompletableFuture<Thread> loop = new CompletableFuture<>();
    LetterboxException refusal = new LetterboxException(ErrorCode.NOT_FOUND, "no such message");
    caller.runOnContext(v -> {
      loop.complete(Thread.currentThread());
      calls.read(() -> "read").onComplete(r -> readOn.complete(Thread.currentThread()));
      // Durable later, on a thread of the engine's, not the worker's.
      calls.write(() -> CompletableFuture.supplyAsync(() -> "written"))
          .onComplete(r -> writeOn.complete(Thread.currentThread()));
      calls.write(() -> CompletableFuture.supplyAsync(() -> "x").thenApply(x -> { throw refusal; }))
          .onFailure(failedWith::complete);
    });
    Thread eventLoop = loop.get(30, TimeUnit.SECONDS);
    assertThat(readOn.get(30, TimeUnit.SECONDS)).isSameAs(eventLoop);
    assertThat(writeOn.get(30, TimeUnit.SECONDS)).isSameAs(eventLoop);
    assertThat(failedWith.get(30, TimeUnit.SECONDS)).isSameAs(refusal);
  }

  private static String await(CountDownLatch latch) throws InterruptedException {
    latch.await();
    return "released";
  }
}
