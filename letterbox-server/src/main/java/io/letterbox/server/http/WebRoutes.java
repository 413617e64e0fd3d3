package io.letterbox.server.http;

import static io.vertx.core.http.HttpMethod.GET;

import io.letterbox.engine.LetterboxException;
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
 */
final class WebRoutes {
  private static final String DIR = "/io/letterbox/server/web/";
  private final Buffer page = Buffer.buffer(resource("index.html"));
  private final Map<String, Asset> assets = Map.of(
      "inbox.js", new Asset("text/javascript; charset=utf-8", Buffer.buffer(resource("inbox.js"))),
      "inbox.css", new Asset("text/css; charset=utf-8", Buffer.buffer(resource("inbox.css"))));

  private record Asset(String type, Buffer bytes) {}

  void register(Routes routes) {
    routes.addOpen(GET, "/", ctx -> send(ctx, "text/html; charset=utf-8", page));
    routes.addOpen(GET, "/web/:file", ctx -> {
      Asset asset = assets.get(ctx.pathParam("file"));
      if (asset == null) {
        throw LetterboxException.notFound("no such file of the web inbox: %s", ctx.pathParam("file"));
      }
      send(ctx, asset.type(), asset.bytes());
    });
  }

  private static void send(RoutingContext ctx, String type, Buffer bytes) {
    ctx.response().putHeader("Content-Type", type).putHeader("Cache-Control", "no-cache")
        .putHeader("X-Content-Type-Options", "nosniff").end(bytes);
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
