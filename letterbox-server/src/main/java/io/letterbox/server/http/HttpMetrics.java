package io.letterbox.server.http;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.vertx.ext.web.handler.PlatformHandler;
import io.vertx.ext.web.RoutingContext;

/**
 * Times every request into {@code letterbox_http_requests_seconds} (count, sum and max per
 * method, route template and status). The route is the template, not the path, so that the
 * number of series stays bounded; requests that match no route are counted as "unmatched".
 */
final class HttpMetrics implements PlatformHandler {
  static final String ROUTE_KEY = "letterbox.route";
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
          .register(registry)
          .record(System.nanoTime() - start, java.util.concurrent.TimeUnit.NANOSECONDS);
    });
    ctx.next();
  }
}
