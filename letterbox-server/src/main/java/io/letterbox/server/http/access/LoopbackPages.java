package io.letterbox.server.http.access;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.server.http.errors.ErrorResponder;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.PlatformHandler;
import java.net.URI;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * On a server without keys (loopback only, where every request acts as a service), keeps web pages
 * of other sites out (API.md, "Loopback without keys is not open to web pages"; decision 0020): a
 * request whose {@code Origin} is present and is not a loopback origin (a page elsewhere calling
 * the API from the user's browser), or whose {@code Host} is not a loopback name or address (a
 * name of another site rebound in DNS to 127.0.0.1), is 403 {@code FORBIDDEN}. Loopback is
 * {@code localhost}, {@code 127.0.0.0/8} and {@code [::1]}, with any port. Every route is guarded,
 * {@code /health} and the web inbox too: the server is then for this machine only. Installed only
 * when no key is configured; with keys, a credential decides.
 */
public final class LoopbackPages implements PlatformHandler {
  private static final Pattern IPV4_LOOPBACK = Pattern.compile("127(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");
  private static final Pattern PORT = Pattern.compile("(:\\d{1,5})?");

  @Override
  public void handle(RoutingContext ctx) {
    String origin = ctx.request().getHeader(HttpHeaders.ORIGIN);
    String host = ctx.request().getHeader(HttpHeaders.HOST);
    String refused = origin != null && !isLoopbackOrigin(origin) ? "Origin " + origin
        : host != null && !isLoopbackHost(host) ? "Host " + host : null;
    if (refused == null) {
      ctx.next();
      return;
    }
    // A body, if any, stays unread: the next request could not be found after it.
    ErrorResponder.closeAfter(ctx);
    ErrorResponder.answer(ctx, refusal(refused));
  }

  private static LetterboxException refusal(String what) {
    return new LetterboxException(ErrorCode.FORBIDDEN, "a server without api-keys answers only this machine's "
        + "clients and pages: " + what + " is not loopback");
  }

  /** @return whether {@code origin} is {@code http(s)://} a loopback host, with any port */
  static boolean isLoopbackOrigin(String origin) {
    URI uri;
    try {
      uri = new URI(origin.trim());
    } catch (java.net.URISyntaxException e) {
      return false;
    }
    String scheme = uri.getScheme();
    return ("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme)) && uri.getRawAuthority() != null
        && uri.getRawUserInfo() == null && (uri.getRawPath() == null || uri.getRawPath().isEmpty())
        && isLoopbackHost(uri.getRawAuthority());
  }

  /** @return whether {@code host} (a Host header: name or address, optional port) is loopback */
  static boolean isLoopbackHost(String host) {
    String h = host.trim().toLowerCase(Locale.ROOT);
    String name;
    String rest;
    if (h.startsWith("[")) {
      int close = h.indexOf(']');
      if (close < 0) {
        return false;
      }
      name = h.substring(0, close + 1);
      rest = h.substring(close + 1);
    } else {
      int colon = h.indexOf(':');
      name = colon < 0 ? h : h.substring(0, colon);
      rest = colon < 0 ? "" : h.substring(colon);
    }
    boolean loopback = name.equals("localhost") || name.equals("[::1]") || IPV4_LOOPBACK.matcher(name).matches();
    return loopback && PORT.matcher(rest).matches();
  }
}
