package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.GET;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.metrics.Metrics;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Health, metrics and the OpenAPI document. {@code /health} and {@code /openapi.json} are open to
 * everyone (a load balancer has no key; the document holds no data); {@code /metrics} is behind
 * the API keys because traffic volumes are nobody else's business.
 */
public final class OpsRoutes {
  private static final String OPENAPI = "/io/letterbox/server/openapi.json";
  private final Metrics metrics;
  private final BooleanSupplier ready;
  private final Buffer openapi;

  public OpsRoutes(Metrics metrics, BooleanSupplier ready) {
    this.metrics = metrics;
    this.ready = ready;
    this.openapi = Buffer.buffer(resource(OPENAPI));
  }

  public void register(Routes routes, EngineCalls engine) {
    routes.addOpen(GET, "/health", ctx -> {
      if (!ready.getAsBoolean()) {
        throw new LetterboxException(ErrorCode.NOT_READY, "the server is starting, stopping, or has not taken its partitions yet");
      }
      Replies.json(ctx, 200, Map.of("status", "up"));
    });

    routes.add(GET, "/metrics", ctx -> Replies.when(ctx, engine.read(metrics::scrape), text -> ctx.response()
        .putHeader("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
        .end(text)));

    routes.addOpen(GET, "/openapi.json", ctx -> ctx.response()
        .putHeader("Content-Type", "application/json; charset=utf-8")
        .end(openapi));
  }

  private static byte[] resource(String name) {
    try (InputStream in = OpsRoutes.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
