package io.letterbox.server.http;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;

/**
 * Bounds the request bodies held in memory at once, all requests together (max-body-buffer-bytes,
 * decision 0014). A body is buffered whole before its route runs: up to max-body-bytes (1 MiB) a
 * JSON request, up to max-blob-bytes (20 MiB) an upload; without a bound a few hundred uploads at
 * once take gigabytes of heap, and the process dies of it. So a request reserves its body's bytes
 * before one is read (its Content-Length, or the route's limit when the body is chunked) and gives
 * them back when its response ends or its connection closes. A request that finds no room is
 * refused at once, 429 {@code OVERLOADED} with Retry-After, and its connection closed, since its
 * body stays unread.
 */
final class BodyBudget {
  private static final LetterboxException FULL = new LetterboxException(ErrorCode.OVERLOADED,
      "too many request bodies in progress (max-body-buffer-bytes); retry shortly");

  private final ByteBudget budget;

  BodyBudget(long capacity) {
    this.budget = new ByteBudget(capacity);
  }

  /**
   * Reserves the body of a request to a route whose bodies are at most {@code limit} bytes, given
   * back when the request ends.
   *
   * @return whether there was room; if not, the request has failed with OVERLOADED
   */
  boolean admit(RoutingContext ctx, long limit) {
    long bytes = Math.min(declared(ctx, limit), limit);
    if (!budget.tryReserve(bytes)) {
      ErrorResponder.closeAfter(ctx);
      ctx.fail(FULL);
      return false;
    }
    ctx.addEndHandler(done -> budget.release(bytes));
    return true;
  }

  /** The Content-Length, or {@code otherwise} for a chunked body (RequestFraming refused any other framing). */
  private static long declared(RoutingContext ctx, long otherwise) {
    String length = ctx.request().getHeader(HttpHeaders.CONTENT_LENGTH);
    if (length == null) {
      return otherwise;
    }
    try {
      return Math.max(0, Long.parseLong(length.trim()));
    } catch (NumberFormatException e) {
      return otherwise;
    }
  }
}
