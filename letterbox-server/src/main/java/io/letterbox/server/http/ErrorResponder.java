package io.letterbox.server.http;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place where failures become HTTP answers:
 * {@code {"error":{"code":"UPPER_SNAKE","message":"…"}}} with the status of the code. Engine
 * refusals carry an {@link ErrorCode}, HTTP-shape refusals an {@link ApiException}; the router's
 * own refusals (no route, wrong method, body over the limit) arrive as bare status codes.
 * Anything else is a bug: 500 INTERNAL, logged, and the message does not leak internals.
 */
public final class ErrorResponder {
  private static final Logger log = LoggerFactory.getLogger(ErrorResponder.class);

  private ErrorResponder() {}

  /** Failure handler for every route, and error handler of the router. */
  public static void handle(RoutingContext ctx) {
    Throwable failure = unwrap(ctx.failure());
    Problem p = failure != null ? fromThrowable(ctx, failure) : fromStatus(ctx.statusCode());
    if (ctx.response().headWritten()) {
      // Too late for an error body: the answer has begun. Drop the connection so that the
      // client sees a failure instead of a truncated success.
      log.warn("failure after the response began on {} {}", ctx.request().method(), ctx.request().path(), failure);
      ctx.request().connection().close();
      return;
    }
    if (p.status == 401) {
      ctx.response().putHeader("WWW-Authenticate", "Bearer");
    }
    if (ErrorCode.OVERLOADED.name().equals(p.code)) {
      ctx.response().putHeader("Retry-After", "1");
    }
    Replies.json(ctx, p.status, new ErrorBody(new ErrorBody.Error(p.code, p.message)));
  }

  private static Problem fromThrowable(RoutingContext ctx, Throwable t) {
    if (t instanceof LetterboxException e) {
      return new Problem(e.code().httpStatus(), e.code().name(), e.getMessage());
    }
    if (t instanceof ApiException e) {
      return new Problem(e.status(), e.code(), e.getMessage());
    }
    log.error("unexpected failure on {} {}", ctx.request().method(), ctx.request().path(), t);
    return new Problem(500, ErrorCode.INTERNAL.name(), "internal error; the server log has the details");
  }

  private static Problem fromStatus(int status) {
    return switch (status) {
      case 400 -> new Problem(400, ErrorCode.INVALID_ARGUMENT.name(), "malformed request");
      case 401 -> new Problem(401, ErrorCode.UNAUTHORIZED.name(), "missing or invalid API key");
      case 404 -> new Problem(404, ErrorCode.NOT_FOUND.name(), "no such resource");
      case 405 -> new Problem(405, "METHOD_NOT_ALLOWED", "this resource does not support that method");
      case 413 -> new Problem(413, ErrorCode.PAYLOAD_TOO_LARGE.name(), "request body exceeds max-body-bytes");
      case 415 -> new Problem(415, "UNSUPPORTED_MEDIA_TYPE", "request bodies must be application/json");
      default -> status >= 400 && status < 500
          ? new Problem(status, ErrorCode.INVALID_ARGUMENT.name(), "request refused")
          : new Problem(500, ErrorCode.INTERNAL.name(), "internal error; the server log has the details");
    };
  }

  /** Engine futures wrap the refusal; the caller wants the refusal. */
  private static Throwable unwrap(Throwable t) {
    while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  private record Problem(int status, String code, String message) {}

  /** The error document. */
  public record ErrorBody(Error error) {
    public record Error(String code, String message) {}
  }
}
