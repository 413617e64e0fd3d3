package io.letterbox.bench.scenario;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import java.util.concurrent.TimeUnit;

/**
 * A before-send hook endpoint on loopback, in the bench's process, that allows every message at
 * once: what a hooked send costs the server when the platform answers without delay. It does not
 * check the signature (the cost measured is the server's).
 */
final class AllowingHook implements AutoCloseable {
  static final String SECRET = "the bench's hook secret";
  private static final String ALLOW = "{\"action\":\"allow\"}";
  private final Vertx vertx;
  private final HttpServer server;

  private AllowingHook(Vertx vertx, HttpServer server) {
    this.vertx = vertx;
    this.server = server;
  }

  static AllowingHook start() throws Exception {
    Vertx vertx = Vertx.vertx();
    HttpServer server = vertx.createHttpServer()
        .requestHandler(req -> req.body().onSuccess(body -> req.response()
            .putHeader("Content-Type", "application/json").end(ALLOW)))
        .listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    return new AllowingHook(vertx, server);
  }

  /** The URL to give the server as hook-before-send-url. */
  String url() {
    return "http://127.0.0.1:" + server.actualPort() + "/before-send";
  }

  @Override
  public void close() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }
}
