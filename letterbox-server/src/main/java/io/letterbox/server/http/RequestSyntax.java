package io.letterbox.server.http;

import io.letterbox.engine.LetterboxException;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.PlatformHandler;

/**
 * Refuses a request whose path or query string is not valid percent-encoding before any route
 * looks at it. Vert.x decodes both lazily, while it matches routes or when a handler first asks
 * for a parameter; failing there, it answers a bare 500 and loses the cause.
 */
final class RequestSyntax implements PlatformHandler {
  private static final int SHOWN = 60;

  @Override
  public void handle(RoutingContext ctx) {
    String path = ctx.request().path();
    String query = ctx.request().query();
    String problem = null;
    if (path != null && !wellEncoded(path)) {
      problem = "the path has malformed percent-encoding (a % must be followed by two hexadecimal digits): " + shown(path);
    } else if (query != null && !wellEncoded(query)) {
      problem = "the query string has malformed percent-encoding (a % must be followed by two hexadecimal digits): "
          + shown(query);
    } else {
      try {
        // What the router and the handlers will decode, decoded once here where a failure is a 400.
        ctx.normalizedPath();
        ctx.queryParams();
      } catch (IllegalArgumentException e) {
        problem = "malformed path or query string: " + e.getMessage();
      }
    }
    if (problem != null) {
      ErrorResponder.answer(ctx, LetterboxException.invalid("%s", problem));
    } else {
      ctx.next();
    }
  }

  /** @return whether every {@code %} in {@code s} starts an escape of two hexadecimal digits */
  static boolean wellEncoded(String s) {
    for (int i = s.indexOf('%'); i >= 0; i = s.indexOf('%', i + 3)) {
      if (i + 2 >= s.length() || Character.digit(s.charAt(i + 1), 16) < 0 || Character.digit(s.charAt(i + 2), 16) < 0) {
        return false;
      }
    }
    return true;
  }

  private static String shown(String s) {
    return s.length() > SHOWN ? s.substring(0, SHOWN) + "…" : s;
  }
}
