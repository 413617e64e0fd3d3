package io.letterbox.server.http.requests;

import io.letterbox.engine.LetterboxException;
import io.letterbox.server.auth.Principal;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.access.Authentication;
import io.letterbox.server.http.errors.ApiException;
import io.letterbox.server.http.errors.ErrorResponder;
import io.letterbox.server.http.errors.HttpCode;
import io.letterbox.server.http.json.MediaTypes;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.impl.RoutingContextInternal;

/**
 * Reads a request's body whole, for the routes that take one, in place of Vert.x's BodyHandler:
 * each chunk is reserved in the {@link BodyBudget} as it arrives (under the request's principal,
 * which {@link Authentication} set before), the route's limit is enforced as the bytes come (413),
 * and the body is left where {@code ctx.body()} finds it. A JSON route refuses a non-empty body
 * without a JSON {@code Content-Type} (415) before reading it, when its length is declared, or
 * once read, when it is chunked; an empty body needs no type. How long the body may take is
 * {@link RequestFraming}'s deadline (body-read-timeout), whose 408 frees the reservation.
 */
public final class BodyReader implements Handler<RoutingContext> {
  private final BodyBudget budget;
  private final long limit;
  private final String limitName;
  private final boolean json;

  /**
   * @param limitName the setting named in a 413; null for max-body-bytes
   * @param json      whether the route's body is JSON (else raw bytes, e.g. a blob)
   */
  public BodyReader(BodyBudget budget, long limit, String limitName, boolean json) {
    this.budget = budget;
    this.limit = limit;
    this.limitName = limitName;
    this.json = json;
  }

  @Override
  public void handle(RoutingContext ctx) {
    RoutingContextInternal internal = (RoutingContextInternal) ctx;
    if (internal.seenHandler(RoutingContextInternal.BODY_HANDLER)) {
      ctx.next();
      return;
    }
    internal.visitHandler(RoutingContextInternal.BODY_HANDLER);
    if (limitName != null) {
      ctx.put(Routes.BODY_LIMIT, limitName);
    }
    HttpServerRequest request = ctx.request();
    long declared = declaredLength(request);
    boolean framed = declared >= 0 || request.version() == HttpVersion.HTTP_2
        || request.headers().contains(HttpHeaders.TRANSFER_ENCODING);
    if (!framed) {
      // No Content-Length and no chunks: HTTP/1 says there is no body.
      ctx.next();
      return;
    }
    if (declared > limit) {
      refuse(ctx, null);
      return;
    }
    if (declared > 0 && !typed(request)) {
      refuse(ctx, unsupported(request));
      return;
    }
    String expect = request.getHeader(HttpHeaders.EXPECT);
    if (expect != null) {
      if (!expect.equalsIgnoreCase("100-continue")) {
        ctx.fail(417);
        return;
      }
      if (request.version() != HttpVersion.HTTP_1_0) {
        ctx.response().writeContinue();
      }
    }
    if (request.isEnded()) {
      finish(ctx, Buffer.buffer());
      return;
    }
    read(ctx, budget.hold(ctx.get(Authentication.PRINCIPAL)));
  }

  private void read(RoutingContext ctx, BodyBudget.Hold hold) {
    HttpServerRequest request = ctx.request();
    ctx.addEndHandler(done -> hold.release());
    Buffer body = Buffer.buffer();
    boolean[] refused = {false};
    request.handler(chunk -> {
      if (refused[0] || ctx.response().ended()) {
        // Refused, or answered already (a 408): the rest of the body is dropped with the connection.
        hold.release();
        return;
      }
      boolean tooLong = body.length() + (long) chunk.length() > limit;
      LetterboxException full = tooLong ? null : hold.take(chunk.length());
      if (tooLong || full != null) {
        refused[0] = true;
        hold.release();
        refuse(ctx, full);
        return;
      }
      body.appendBuffer(chunk);
    });
    request.exceptionHandler(ctx::fail);
    request.endHandler(done -> {
      if (!refused[0] && !ctx.response().ended()) {
        finish(ctx, body);
      }
    });
    request.resume();
  }

  private void finish(RoutingContext ctx, Buffer body) {
    if (body.length() > 0 && !typed(ctx.request())) {
      ctx.fail(unsupported(ctx.request()));
      return;
    }
    ((RoutingContextInternal) ctx).setBody(body);
    ctx.next();
  }

  /** Refuses the body before it is all read: {@code refusal}, or 413 when null. The rest stays unread, so the connection goes. */
  private static void refuse(RoutingContext ctx, RuntimeException refusal) {
    ErrorResponder.closeAfter(ctx);
    if (refusal == null) {
      ctx.fail(413);
    } else {
      ctx.fail(refusal);
    }
  }

  /** @return whether the body may be read as this route's: any for raw bytes, a JSON type for JSON */
  private boolean typed(HttpServerRequest request) {
    String type = request.getHeader(HttpHeaders.CONTENT_TYPE);
    return !json || type != null && MediaTypes.isJson(type);
  }

  private static ApiException unsupported(HttpServerRequest request) {
    String type = request.getHeader(HttpHeaders.CONTENT_TYPE);
    return type == null
        ? new ApiException(HttpCode.UNSUPPORTED_MEDIA_TYPE, "a request body needs Content-Type: application/json")
        : ApiException.unsupportedMediaType(type);
  }

  /** @return the Content-Length, or -1 when there is none (or it is unreadable: the decoder frames by chunks then) */
  private static long declaredLength(HttpServerRequest request) {
    String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
    if (length == null) {
      return -1;
    }
    try {
      return Math.max(0, Long.parseLong(length.trim()));
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
