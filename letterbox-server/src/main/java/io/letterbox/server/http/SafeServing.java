package io.letterbox.server.http;

import io.letterbox.server.http.errors.ErrorResponder;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.PlatformHandler;

/**
 * Every answer carries {@code X-Content-Type-Options: nosniff} (API.md, "Safe serving"): a browser
 * then takes each response for the type it declares, never guessing script or HTML from its bytes.
 * Set as the headers are written, so that it holds for every route, error and relayed answer, once.
 * Answers made outside the router (to requests the decoder could not read) get it from
 * {@link ErrorResponder}.
 */
public final class SafeServing implements PlatformHandler {
  public static final String NOSNIFF = "X-Content-Type-Options";

  @Override
  public void handle(RoutingContext ctx) {
    ctx.addHeadersEndHandler(done -> ctx.response().headers().set(NOSNIFF, "nosniff"));
    ctx.next();
  }
}
