package io.letterbox.server.http;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.PlatformHandler;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
  /**
   * The timer of each method, route and status, looked up once: building it for every request
   * (its tags and buckets, then the registry's lookup) was 5 % of the event loop's CPU in a
   * profile of newest pages, and garbage for every answer.
   */
  private final Map<Series, Timer> timers = new ConcurrentHashMap<>();

  private record Series(HttpMethod method, String route, int status) {}

  HttpMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  @Override
  public void handle(RoutingContext ctx) {
    long start = System.nanoTime();
    ctx.addEndHandler(done -> {
      Series series = new Series(ctx.request().method(), ctx.get(ROUTE_KEY, "unmatched"), ctx.response().getStatusCode());
      timers.computeIfAbsent(series, this::timer).record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    });
    ctx.next();
  }

  private Timer timer(Series series) {
    return Timer.builder("letterbox.http.requests")
        .description("HTTP requests by route template and status")
        .tag("method", series.method().name())
        .tag("route", series.route())
        .tag("status", Integer.toString(series.status()))
        // A few fixed buckets give latency SLOs without a histogram per series.
        .serviceLevelObjectives(SLOS)
        .register(registry);
  }
}
