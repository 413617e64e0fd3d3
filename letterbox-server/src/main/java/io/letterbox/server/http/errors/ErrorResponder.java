package io.letterbox.server.http.errors;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.SafeServing;
import io.letterbox.server.http.access.RateLimited;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place where failures become HTTP answers:
 * {@code {"error":{"code":"UPPER_SNAKE","message":"…"}}} with the status {@link HttpStatuses} gives
 * the code. Engine refusals carry an {@link ErrorCode}, HTTP-shape refusals an {@link ApiException};
 * the router's own refusals (no route, wrong method, body over the limit, no Host) arrive as a 4xx
 * status, some with a reason. Anything else is a bug: 500 INTERNAL, logged, and the message does
 * not leak internals.
 */
public final class ErrorResponder {
  private static final Logger log = LoggerFactory.getLogger(ErrorResponder.class);

  private ErrorResponder() {}

  /** Failure handler for every route, and error handler of the router. */
  public static void handle(RoutingContext ctx) {
    answer(ctx, unwrap(ctx.failure()));
  }

  /** Answers {@code failure}, or the bare status of {@code ctx} when it is null. */
  public static void answer(RoutingContext ctx, Throwable failure) {
    if (ctx.response().ended()) {
      // Answered already (a refused framing, a body that came too late): what fails after that,
      // such as reading the rest of a body from a closed connection, has no one to tell.
      return;
    }
    if (failure instanceof io.vertx.core.http.HttpClosedException) {
      // The client went away before its body was read: no one to answer, and no bug. Not an
      // error line a request, which a flood of dropped uploads would turn into a flood of logs.
      log.debug("{} {}: the connection closed before the request was read", ctx.request().method(),
          ctx.request().path());
      return;
    }
    Problem p = failure != null ? fromThrowable(ctx, failure) : fromStatus(ctx);
    if (ctx.response().headWritten()) {
      // Too late for an error body: the answer has begun. Drop the connection so that the
      // client sees a failure instead of a truncated success.
      log.warn("failure after the response began on {} {}", ctx.request().method(), ctx.request().path(), failure);
      ctx.request().connection().close();
      return;
    }
    send(ctx.response(), p);
  }

  /**
   * Invalid-request handler of the HTTP server: requests its decoder could not read (a bad header
   * line, a request line or headers over the limits) get the error shape too. The connection is
   * closed afterwards, since the decoder cannot tell where the next request starts.
   */
  public static void invalidRequest(HttpServerRequest request) {
    Throwable cause = request.decoderResult().cause();
    Problem p;
    if (cause instanceof TooLongHttpLineException) {
      p = Problem.of(HttpCode.URI_TOO_LONG, "the request line is longer than the server reads");
    } else if (cause instanceof TooLongHttpHeaderException) {
      p = Problem.of(HttpCode.HEADERS_TOO_LARGE, "the request headers are larger than the server reads");
    } else {
      p = Problem.of(ErrorCode.INVALID_ARGUMENT, "malformed HTTP request"
          + (cause != null && cause.getMessage() != null ? ": " + cause.getMessage() : ""));
    }
    answerAndClose(request, p);
  }

  /** Answers a request refused before routing (a connection past max-connections), then closes its connection. */
  public static void refuse(HttpServerRequest request, LetterboxException refusal) {
    answerAndClose(request, Problem.of(refusal.code(), refusal.getMessage()));
  }

  private static void answerAndClose(HttpServerRequest request, Problem p) {
    request.response().putHeader("Connection", "close");
    request.response().endHandler(done -> LingeringClose.close(request));
    send(request.response(), p);
  }

  private static void send(HttpServerResponse response, Problem p) {
    response.putHeader(SafeServing.NOSNIFF, "nosniff");
    if (p.status == 401) {
      response.putHeader("WWW-Authenticate", "Bearer");
    }
    p.retryAfter.ifPresent(seconds -> response.putHeader("Retry-After", Integer.toString(seconds)));
    Replies.json(response, p.status, new ErrorBody(new ErrorBody.Error(p.code, p.message)));
  }

  private static Problem fromThrowable(RoutingContext ctx, Throwable t) {
    if (t instanceof RateLimited r) {
      return new Problem(HttpStatuses.of(r.code()), r.code().name(), r.getMessage(),
          java.util.OptionalInt.of(r.retryAfterSeconds()));
    }
    if (t instanceof LetterboxException e) {
      return Problem.of(e.code(), e.getMessage());
    }
    if (t instanceof ApiException e) {
      return Problem.of(e.code(), e.getMessage());
    }
    if (fromHttpDecoder(t)) {
      // The HTTP decoder failed on the body (a chunk size that is not hexadecimal, say): the
      // client's bytes, not a bug. The rest of the stream cannot be read, so the connection goes too.
      closeAfter(ctx);
      return Problem.of(ErrorCode.INVALID_ARGUMENT, "malformed request body: " + t.getMessage());
    }
    if (ctx.statusCode() >= 400 && ctx.statusCode() < 500) {
      // The router refusing the request with its reason (Vert.x Web 5 gives one, e.g. for HTTP/1.1
      // without Host): the status says what kind of refusal, the reason is the client's to read.
      Problem refusal = fromStatus(ctx);
      return t.getMessage() == null ? refusal
          : new Problem(refusal.status, refusal.code, refusal.message + ": " + t.getMessage(), refusal.retryAfter);
    }
    log.error("unexpected failure on {} {}", ctx.request().method(), ctx.request().path(), t);
    return Problem.internal();
  }

  /**
   * Closes the connection once the answer is sent (lingering: {@link LingeringClose}): for refusals
   * that leave the rest of the request unread, after which the next request could not be found in
   * the stream.
   */
  public static void closeAfter(RoutingContext ctx) {
    ctx.response().putHeader("Connection", "close");
    // One of the context's end handlers, not the response's one end handler: what the request
    // holds (its body's budget, its user's limits) is released by the others.
    ctx.addEndHandler(done -> LingeringClose.close(ctx.request()));
  }

  /**
   * @return whether {@code t} was thrown by Netty's HTTP decoder reading the request (it reaches
   *     the route through the body handler) rather than by code of ours or of Vert.x
   */
  private static boolean fromHttpDecoder(Throwable t) {
    for (StackTraceElement frame : t.getStackTrace()) {
      String c = frame.getClassName();
      if (c.startsWith("io.netty.handler.codec.http.HttpObjectDecoder")) {
        return true;
      }
      if (c.startsWith("io.letterbox.") || c.startsWith("io.vertx.")) {
        return false;
      }
    }
    return false;
  }

  /** Picks the code of a status the router answered with; the status then comes from the table. */
  private static Problem fromStatus(RoutingContext ctx) {
    int status = ctx.statusCode();
    return switch (status) {
      case 400 -> Problem.of(ErrorCode.INVALID_ARGUMENT, "malformed request");
      case 401 -> Problem.of(ErrorCode.UNAUTHORIZED, "missing or invalid API key");
      case 403 -> Problem.of(ErrorCode.FORBIDDEN, "not allowed");
      case 404 -> Problem.of(ErrorCode.NOT_FOUND, "no such resource");
      case 405 -> Problem.of(HttpCode.METHOD_NOT_ALLOWED, "this resource does not support that method");
      case 413 -> Problem.of(ErrorCode.PAYLOAD_TOO_LARGE,
          "request body exceeds " + java.util.Objects.requireNonNullElse(ctx.get(Routes.BODY_LIMIT), "max-body-bytes"));
      case 415 -> Problem.of(HttpCode.UNSUPPORTED_MEDIA_TYPE, "request bodies must be application/json");
      case 503 -> Problem.of(ErrorCode.NOT_READY, "the server is not ready");
      // Any other refusal of the router (e.g. 417 for an Expect header it does not meet) is
      // invalid input as far as the API is concerned.
      default -> status >= 400 && status < 500
          ? Problem.of(ErrorCode.INVALID_ARGUMENT, "request refused (HTTP " + status + ")")
          : bareInternal(ctx, status);
    };
  }

  /**
   * A 500 without an exception: the router lost it (Vert.x does so for failures while it matches
   * routes) or a handler failed with a bare status. Still a bug, so it is logged with what is
   * known, and with a stack that shows through which path of the router it came.
   */
  private static Problem bareInternal(RoutingContext ctx, int status) {
    log.error("internal error on {} {}: the router answered status {} without an exception",
        ctx.request().method(), ctx.request().path(), status,
        new IllegalStateException("500 answered here, with no failure in the routing context"));
    return Problem.internal();
  }

  /** Engine futures wrap the refusal; the caller wants the refusal. */
  public static Throwable unwrap(Throwable t) {
    while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  private record Problem(int status, String code, String message, java.util.OptionalInt retryAfter) {
    static Problem of(ErrorCode code, String message) {
      return new Problem(HttpStatuses.of(code), code.name(), message, HttpStatuses.retryAfterSeconds(code));
    }

    static Problem of(HttpCode code, String message) {
      return new Problem(HttpStatuses.of(code), code.name(), message, java.util.OptionalInt.empty());
    }

    static Problem internal() {
      return of(ErrorCode.INTERNAL, "internal error; the server log has the details");
    }
  }

  /** The error document. */
  public record ErrorBody(Error error) {
    public record Error(String code, String message) {}
  }
}
