package io.letterbox.server.http.requests;

import io.letterbox.engine.LetterboxException;
import io.letterbox.server.http.errors.ErrorResponder;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.PlatformHandler;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Refuses a request whose path or query string is not valid percent-encoding before any route
 * looks at it. Vert.x decodes both lazily, while it matches routes or when a handler first asks
 * for a parameter; failing there, it answers a bare 500 and loses the cause.
 */
public final class RequestSyntax implements PlatformHandler {
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
    } else if (path != null && !utf8(path)) {
      problem = "the path is not UTF-8 once percent-decoded: " + shown(path);
    } else if (query != null && !utf8(query)) {
      problem = "the query string is not UTF-8 once percent-decoded: " + shown(query);
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

  /**
   * @return whether the bytes {@code s} stands for (escapes decoded; other characters are the
   *     request line's bytes, which the HTTP decoder read as ISO-8859-1) are UTF-8. Vert.x would
   *     decode a bad sequence as U+FFFD, so a name or a query word would silently be another.
   */
  static boolean utf8(String s) {
    if (ascii(s) && s.indexOf('%') < 0) {
      return true;
    }
    byte[] bytes = new byte[s.length()];
    int n = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '%' && i + 2 < s.length()) {
        bytes[n++] = (byte) Integer.parseInt(s, i + 1, i + 3, 16);
        i += 2;
      } else {
        bytes[n++] = (byte) c;
      }
    }
    try {
      StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes, 0, n));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }

  private static boolean ascii(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  private static String shown(String s) {
    return s.length() > SHOWN ? s.substring(0, SHOWN) + "…" : s;
  }
}
