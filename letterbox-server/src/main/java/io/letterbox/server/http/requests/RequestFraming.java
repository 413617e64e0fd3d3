package io.letterbox.server.http.requests;

import io.letterbox.engine.LetterboxException;
import io.letterbox.server.http.errors.ApiException;
import io.letterbox.server.http.errors.ErrorResponder;
import io.letterbox.server.http.errors.HttpCode;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.PlatformHandler;
import java.time.Duration;

/**
 * Refuses bodies whose framing or coding the server would read other than the client meant, before
 * any route reads them, and bounds how long a client may take to send a body.
 * <ul>
 *   <li>A transfer coding other than {@code chunked} (say {@code gzip, chunked}): the server does
 *       not decode it, so it would read the coded bytes as JSON; refused.
 *   <li>A {@code Content-Encoding} other than {@code identity}: the same, answered 415 as RFC 9110
 *       section 15.5.16 says.
 *   <li>A body not complete within body-read-timeout of its headers: 408 and the connection
 *       closed, so that a client sending a byte now and then cannot hold a connection, nor the
 *       bytes its body holds in the {@link BodyBudget}, which the end of the exchange gives back.
 * </ul>
 * Each refusal closes the connection: the rest of the body is never read, so the next request
 * could not be found in the stream. (Both Content-Length and chunked: Netty's decoder frames the
 * body by the chunks and drops the length, as RFC 9112 section 6.1 allows.)
 */
public final class RequestFraming implements PlatformHandler {
  private final Vertx vertx;
  private final long timeoutMillis;

  public RequestFraming(Vertx vertx, Duration bodyReadTimeout) {
    this.vertx = vertx;
    this.timeoutMillis = bodyReadTimeout.toMillis();
  }

  @Override
  public void handle(RoutingContext ctx) {
    HttpServerRequest request = ctx.request();
    String transfer = request.getHeader(HttpHeaders.TRANSFER_ENCODING);
    String coding = request.getHeader(HttpHeaders.CONTENT_ENCODING);
    RuntimeException refusal = null;
    if (transfer != null && !transfer.trim().equalsIgnoreCase("chunked")) {
      refusal = LetterboxException.invalid("Transfer-Encoding must be chunked (or absent), not %s", transfer);
    } else if (coding != null && !coding.trim().equalsIgnoreCase("identity")) {
      refusal = new ApiException(HttpCode.UNSUPPORTED_MEDIA_TYPE,
          "request bodies are not decoded: Content-Encoding must be identity (or absent), not " + coding);
    }
    if (refusal != null) {
      ErrorResponder.closeAfter(ctx);
      ErrorResponder.answer(ctx, refusal);
      return;
    }
    if (!request.isEnded()) {
      long timer = vertx.setTimer(timeoutMillis, id -> {
        if (!request.isEnded() && !ctx.response().headWritten()) {
          ErrorResponder.closeAfter(ctx);
          ErrorResponder.answer(ctx, new ApiException(HttpCode.REQUEST_TIMEOUT,
              "the request body did not arrive within body-read-timeout (" + timeoutMillis + " ms)"));
        }
      });
      ctx.addEndHandler(done -> vertx.cancelTimer(timer));
    }
    ctx.next();
  }
}
