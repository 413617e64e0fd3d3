package io.letterbox.bench.scenario;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A platform's endpoints on loopback that answer at once: {@code POST /before-send} allows every
 * message ({@code {"action":"allow"}}), any other {@code POST} (a webhook call) gets 204 and its
 * events are counted, and {@code GET} answers the counts ({@code {"hookCalls","webhookCalls",
 * "webhookEvents"}}). What a hooked send or a webhook costs the server when the platform answers
 * without delay. Signatures are not checked (the cost measured is the server's). Started by the
 * http scenario for --allowing-hook, or on its own, for a server started elsewhere:
 * {@code java -cp letterbox-bench.jar io.letterbox.bench.scenario.PlatformEndpoint PORT}.
 */
public final class PlatformEndpoint implements AutoCloseable {
  static final String SECRET = "the bench's hook secret";
  private static final String ALLOW = "{\"action\":\"allow\"}";
  private static final byte[] EVENT = "\"owner\"".getBytes(StandardCharsets.US_ASCII);
  private final Vertx vertx;
  private final HttpServer server;
  private final AtomicLong hookCalls = new AtomicLong();
  private final AtomicLong webhookCalls = new AtomicLong();
  private final AtomicLong webhookEvents = new AtomicLong();

  private PlatformEndpoint(Vertx vertx, int port) throws Exception {
    this.vertx = vertx;
    this.server = vertx.createHttpServer().requestHandler(this::answer).listen(port, "127.0.0.1")
        .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  /** Listens on {@code port} of loopback (0: any free port). */
  static PlatformEndpoint start(int port) throws Exception {
    return new PlatformEndpoint(Vertx.vertx(), port);
  }

  public static void main(String[] args) throws Exception {
    PlatformEndpoint endpoint = start(Integer.parseInt(args[0]));
    System.out.println("platform endpoint on " + endpoint.url(""));
  }

  private void answer(HttpServerRequest req) {
    req.body().onSuccess(body -> {
      if (req.method() != HttpMethod.POST) {
        req.response().putHeader("Content-Type", "application/json").end("{\"hookCalls\":" + hookCalls
            + ",\"webhookCalls\":" + webhookCalls + ",\"webhookEvents\":" + webhookEvents + "}");
      } else if (req.path().endsWith("/before-send")) {
        hookCalls.incrementAndGet();
        req.response().putHeader("Content-Type", "application/json").end(ALLOW);
      } else {
        webhookCalls.incrementAndGet();
        webhookEvents.addAndGet(occurrences(body));
        req.response().setStatusCode(204).end();
      }
    });
  }

  private static long occurrences(Buffer body) {
    byte[] bytes = body.getBytes();
    long n = 0;
    for (int i = 0; i + EVENT.length <= bytes.length; i++) {
      int j = 0;
      while (j < EVENT.length && bytes[i + j] == EVENT[j]) {
        j++;
      }
      if (j == EVENT.length) {
        n++;
      }
    }
    return n;
  }

  /** The URL of {@code path} here, e.g. {@code url("/before-send")} for hook-before-send-url. */
  String url(String path) {
    return "http://127.0.0.1:" + server.actualPort() + path;
  }

  @Override
  public void close() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }
}
