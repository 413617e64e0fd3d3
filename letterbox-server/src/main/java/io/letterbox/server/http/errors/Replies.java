package io.letterbox.server.http.errors;

import io.letterbox.server.http.json.Json;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Consumer;

/**
 * Writes answers: JSON documents and empty 204s. The future-taking forms guarantee an answer:
 * a failure, or an exception while building the success answer, goes to the error mapping
 * instead of being swallowed by a callback and leaving the client waiting.
 */
public final class Replies {
  private Replies() {}

  public static void json(RoutingContext ctx, int status, Object body) {
    json(ctx.response(), status, body);
  }

  /** For answers outside the router, e.g. to requests the HTTP decoder could not read. */
  public static void json(HttpServerResponse response, int status, Object body) {
    written(response, status, Buffer.buffer(Json.write(body)));
  }

  /** Answers {@code status} with a JSON document already written, e.g. by {@code StreamedJson}. */
  public static void written(RoutingContext ctx, int status, Buffer json) {
    written(ctx.response(), status, json);
  }

  /** Answers {@code status} with the JSON document {@code json} holds once written, or the failure. */
  public static void written(RoutingContext ctx, int status, Future<Buffer> json) {
    when(ctx, json, body -> written(ctx, status, body));
  }

  private static void written(HttpServerResponse response, int status, Buffer json) {
    response
        .setStatusCode(status)
        .putHeader("Content-Type", "application/json; charset=utf-8")
        .end(json);
  }

  /** Answers {@code status} with the value of {@code body} as JSON, or the failure. */
  public static void json(RoutingContext ctx, int status, Future<?> body) {
    when(ctx, body, value -> json(ctx, status, value));
  }

  /** Runs {@code answer} with the value of {@code result}, or answers the failure. */
  public static <T> void when(RoutingContext ctx, Future<T> result, Consumer<T> answer) {
    result.onComplete(ar -> {
      try {
        if (ar.failed()) {
          ctx.fail(ar.cause());
        } else {
          answer.accept(ar.result());
        }
      } catch (RuntimeException e) {
        ctx.fail(e);
      }
    });
  }

  public static void noContent(RoutingContext ctx) {
    ctx.response().setStatusCode(204).end();
  }

  /** Answers 204 once {@code done} succeeds, or the failure. */
  public static void noContent(RoutingContext ctx, Future<?> done) {
    when(ctx, done, v -> noContent(ctx));
  }
}
