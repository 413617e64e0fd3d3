package io.letterbox.server.http;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.PlatformHandler;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Times every request into {@code letterbox_http_requests_seconds} (count, sum, max and SLO
 * buckets per method, route template and status). The route is the template, not the path, so that the
 * number of series stays bounded; requests that match no route are counted as "unmatched".
 */
public final class HttpMetrics implements PlatformHandler {
  public static final String ROUTE_KEY = "letterbox.route";
  private static final Duration[] SLOS = {Duration.ofMillis(1), Duration.ofMillis(5), Duration.ofMillis(10),
      Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(500), Duration.ofSeconds(1)};
  private final MeterRegistry registry;

  HttpMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  @Override
  public void handle(RoutingContext ctx) {
    long start = System.nanoTime();
    ctx.addEndHandler(done -> {
      String route = ctx.get(ROUTE_KEY, "unmatched");
      Timer.builder("letterbox.http.requests")
          .description("HTTP requests by route template and status")
          .tag("method", ctx.request().method().name())
          .tag("route", route)
          .tag("status", Integer.toString(ctx.response().getStatusCode()))
          // A few fixed buckets give latency SLOs without a histogram per series.
          .serviceLevelObjectives(SLOS)
          .register(registry)
          .record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    });
    ctx.next();
  }
}
