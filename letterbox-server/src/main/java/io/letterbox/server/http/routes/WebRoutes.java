package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.GET;

import io.letterbox.engine.LetterboxException;
import io.letterbox.server.http.Routes;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The web inbox (API.md, "GET /"): a page and its two files, served from the server's own
 * resources (no CDN, no library). The page holds no secret: it signs in with a user token, or on a
 * loopback server without keys with a uid, and then calls the API like any client.
 *
 * <p>The page is served with a {@code Content-Security-Policy} (API.md, "Safe serving"): scripts,
 * styles and connections from its own origin only, none inline; images and media also from the
 * {@code blob:} URLs it makes of attachments; no plugins, no {@code <base>}, no forms posted
 * elsewhere, and no framing by any page ({@code frame-ancestors 'none'}), so a message's text can
 * neither run as script nor be clicked through another site's frame. Its files hold no inline
 * script, style or handler attribute, which the policy would block.
 */
public final class WebRoutes {
  private static final String DIR = "/io/letterbox/server/web/";
  private final Buffer page = Buffer.buffer(resource("index.html"));
  private final Map<String, Asset> assets = Map.of(
      "inbox.js", new Asset("text/javascript; charset=utf-8", Buffer.buffer(resource("inbox.js"))),
      "inbox.css", new Asset("text/css; charset=utf-8", Buffer.buffer(resource("inbox.css"))));

  static final String POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
      + "media-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
      + "frame-ancestors 'none'";

  private record Asset(String type, Buffer bytes) {}

  public void register(Routes routes) {
    routes.addOpen(GET, "/", ctx -> {
      ctx.response().putHeader("Content-Security-Policy", POLICY);
      send(ctx, "text/html; charset=utf-8", page);
    });
    routes.addOpen(GET, "/web/:file", ctx -> {
      Asset asset = assets.get(ctx.pathParam("file"));
      if (asset == null) {
        throw LetterboxException.notFound("no such file of the web inbox: %s", ctx.pathParam("file"));
      }
      send(ctx, asset.type(), asset.bytes());
    });
  }

  private static void send(RoutingContext ctx, String type, Buffer bytes) {
    ctx.response().putHeader("Content-Type", type).putHeader("Cache-Control", "no-cache").end(bytes);
  }

  private static byte[] resource(String name) {
    try (InputStream in = WebRoutes.class.getResourceAsStream(DIR + name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + DIR + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
