package io.letterbox.server.http.access;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.auth.Principal;
import io.letterbox.server.config.UserLimitSettings;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.ErrorResponder;
import io.letterbox.server.http.json.JsonBody;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.PlatformHandler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What one user token may do on this node (API.md, "Safety (v3)", per-user limits; decision 0021):
 * one table from route to the limits it counts against, applied by {@link Routes} to every route in
 * it. Service keys are not limited. A request is checked when its headers arrive, before its body
 * is read; one past a limit is 429 {@code RATE_LIMITED} with {@code Retry-After}, gives back what it
 * took, and stores nothing. Counts known only from the body (the bytes of an upload, the members a
 * request adds) are checked for room at the headers and taken once the body is read, before the
 * route's handler runs.
 *
 * <p>Rates are token buckets ({@link UserRate}); what is open at once are exact counts
 * ({@link OpenCounts}), held until the request ends (a stream: until its connection closes). The
 * daily quotas count what is created: a request that fails (4xx, 5xx, or its connection closed
 * before the answer) gets back what it took from them. A request forwarded to the node that owns
 * its partition gives back everything it took here: it is counted where it is served.
 */
public final class UserLimits {
  /** Context key of what a request took ({@link Charge}). */
  private static final String CHARGE = "letterbox.user-limits";

  /** Each limit, by its setting. */
  enum Limit {
    SENDS("user-sends-per-second", false),
    STREAMS("user-streams", false),
    UPLOADS("user-uploads", false),
    BLOB_BYTES("user-blob-bytes-per-day", true),
    GROUPS("user-groups-per-day", true),
    MEMBER_ADDS("user-member-adds-per-day", true),
    SEARCHES("user-searches-per-second", false);

    final String setting;
    /** It counts what is created: a request that fails gets back what it took. */
    final boolean quota;

    Limit(String setting, boolean quota) {
      this.setting = setting;
      this.quota = quota;
    }
  }

  /** How much of a limit a request takes. */
  private enum Measure {
    /** One, when its headers arrive. */
    REQUEST,
    /** One while it is open: until its response ends or its connection closes. */
    OPEN,
    /** Its body's bytes: the declared Content-Length must fit at the headers; the bytes read are taken. */
    BODY_BYTES,
    /** The entries of a JSON array in its body: some room at the headers; the count is taken once parsed. */
    LIST
  }

  /** @param field the body's array, for {@link Measure#LIST} */
  private record Rule(Limit limit, Measure measure, String field) {
    Rule(Limit limit, Measure measure) {
      this(limit, measure, null);
    }
  }

  /** The limited routes, by method and template. */
  private static final Map<String, List<Rule>> RULES = Map.of(
      "POST /v1/messages", List.of(new Rule(Limit.SENDS, Measure.REQUEST)),
      "POST /v1/groups/:gid/messages", List.of(new Rule(Limit.SENDS, Measure.REQUEST)),
      "GET /v1/users/:uid/events", List.of(new Rule(Limit.STREAMS, Measure.OPEN)),
      "GET /v1/users/:uid/socket", List.of(new Rule(Limit.STREAMS, Measure.OPEN)),
      "POST /v1/blobs", List.of(new Rule(Limit.UPLOADS, Measure.OPEN), new Rule(Limit.BLOB_BYTES, Measure.BODY_BYTES)),
      "POST /v1/groups", List.of(new Rule(Limit.GROUPS, Measure.REQUEST),
          new Rule(Limit.MEMBER_ADDS, Measure.LIST, "members")),
      "PUT /v1/groups/:gid/members/:uid", List.of(new Rule(Limit.MEMBER_ADDS, Measure.REQUEST)),
      "POST /v1/groups/:gid/members", List.of(new Rule(Limit.MEMBER_ADDS, Measure.LIST, "uids")),
      "GET /v1/users/:uid/search", List.of(new Rule(Limit.SEARCHES, Measure.REQUEST)));

  private static final Duration SECOND = Duration.ofSeconds(1);
  private static final Duration DAY = Duration.ofDays(1);

  private final Map<Limit, UserRate> rates = new EnumMap<>(Limit.class);
  private final Map<Limit, OpenCounts> counts = new EnumMap<>(Limit.class);
  private final Map<Limit, Counter> refused = new EnumMap<>(Limit.class);

  public UserLimits(UserLimitSettings settings, MeterRegistry registry) {
    rate(Limit.SENDS, 2 * settings.sendsPerSecond(), settings.sendsPerSecond(), SECOND);
    rate(Limit.SEARCHES, settings.searchesPerSecond(), settings.searchesPerSecond(), SECOND);
    rate(Limit.BLOB_BYTES, settings.blobBytesPerDay(), settings.blobBytesPerDay(), DAY);
    rate(Limit.GROUPS, settings.groupsPerDay(), settings.groupsPerDay(), DAY);
    rate(Limit.MEMBER_ADDS, settings.memberAddsPerDay(), settings.memberAddsPerDay(), DAY);
    if (settings.streams() > 0) {
      counts.put(Limit.STREAMS, new OpenCounts(settings.streams()));
    }
    if (settings.uploads() > 0) {
      counts.put(Limit.UPLOADS, new OpenCounts(settings.uploads()));
    }
    for (Limit l : Limit.values()) {
      refused.put(l, Counter.builder("letterbox.rate.limited").tag("limit", l.setting)
          .description("requests of user tokens refused for a per-user limit").register(registry));
    }
  }

  private void rate(Limit limit, long capacity, long perPeriod, Duration period) {
    if (perPeriod > 0) {
      rates.put(limit, new UserRate(capacity, perPeriod, period));
    }
  }

  /** The two steps of a limited route's check. @param afterBody null when the route takes nothing from its body */
  public record Check(PlatformHandler atHeaders, Handler<RoutingContext> afterBody) {}

  /** @return the checks of route {@code method} {@code template}; null if it has no limit that is set */
  public Check forRoute(HttpMethod method, String template) {
    List<Rule> rules = RULES.getOrDefault(method.name() + " " + template, List.of()).stream()
        .filter(r -> rates.containsKey(r.limit()) || counts.containsKey(r.limit())).toList();
    if (rules.isEmpty()) {
      return null;
    }
    List<Rule> fromBody = rules.stream().filter(r -> r.measure() == Measure.BODY_BYTES || r.measure() == Measure.LIST)
        .toList();
    return new Check(ctx -> atHeaders(ctx, rules), fromBody.isEmpty() ? null : ctx -> afterBody(ctx, fromBody));
  }

  /** The request ended (a stream's connection closed): what it holds open is released. */
  public static void ended(RoutingContext ctx) {
    Charge charge = ctx.get(CHARGE);
    if (charge != null) {
      charge.end(false);
    }
  }

  /** The request is forwarded to the node that serves it, which counts it: everything it took here is given back. */
  public static void forwarded(RoutingContext ctx) {
    Charge charge = ctx.get(CHARGE);
    if (charge != null) {
      charge.giveBack();
    }
  }

  private void atHeaders(RoutingContext ctx, List<Rule> rules) {
    Principal principal = ctx.get(Authentication.PRINCIPAL);
    if (principal == null || principal.isService()) {
      ctx.next();
      return;
    }
    Charge charge = new Charge(principal.uid());
    ctx.put(CHARGE, charge);
    ctx.addEndHandler(done -> charge.end(done.failed() || ctx.response().getStatusCode() >= 400));
    for (Rule rule : rules) {
      RateLimited refusal = takeAtHeaders(ctx, charge, rule);
      if (refusal != null) {
        if (declaredLength(ctx) > 0 || ctx.request().getHeader(HttpHeaders.TRANSFER_ENCODING) != null) {
          // Its body stays unread: the connection cannot carry another request after the answer.
          ErrorResponder.closeAfter(ctx);
        }
        refuse(ctx, charge, rule.limit(), refusal);
        return;
      }
    }
    ctx.next();
  }

  private void afterBody(RoutingContext ctx, List<Rule> rules) {
    Charge charge = ctx.get(CHARGE);
    if (charge == null) {
      ctx.next();
      return;
    }
    for (Rule rule : rules) {
      long n = rule.measure() == Measure.BODY_BYTES ? bodyBytes(ctx) : entries(ctx, rule.field());
      if (n > 0) {
        long wait = rates.get(rule.limit()).take(charge.uid, n);
        if (wait > 0) {
          refuse(ctx, charge, rule.limit(), past(rule.limit(), n, wait));
          return;
        }
        charge.took(rule.limit(), n);
      }
    }
    ctx.next();
  }

  /** @return null if {@code rule} let the request through (what it takes is in {@code charge}), else the refusal */
  private RateLimited takeAtHeaders(RoutingContext ctx, Charge charge, Rule rule) {
    Limit limit = rule.limit();
    switch (rule.measure()) {
      case OPEN -> {
        OpenCounts open = counts.get(limit);
        if (!open.tryOpen(charge.uid)) {
          return new RateLimited(limit.setting + ": " + open.max() + " open at once for a user on this node; "
              + "close one first", 1);
        }
        charge.took(limit, 1);
      }
      case REQUEST -> {
        long wait = rates.get(limit).take(charge.uid, 1);
        if (wait > 0) {
          return past(limit, 1, wait);
        }
        charge.took(limit, 1);
      }
      case BODY_BYTES -> {
        long declared = Math.max(1, declaredLength(ctx));
        long wait = rates.get(limit).waitFor(charge.uid, declared);
        if (wait > 0) {
          return past(limit, declared, wait);
        }
      }
      case LIST -> {
        long wait = rates.get(limit).waitFor(charge.uid, 1);
        if (wait > 0) {
          return past(limit, 1, wait);
        }
      }
    }
    return null;
  }

  private RateLimited past(Limit limit, long n, long waitNanos) {
    UserRate rate = rates.get(limit);
    String what = n > rate.capacity() ? n + " is more than the whole limit (" + rate.capacity() + ")"
        : n == 1 ? "none left now" : n + " do not fit in what is left";
    long seconds = Math.max(1, TimeUnit.NANOSECONDS.toSeconds(waitNanos + TimeUnit.SECONDS.toNanos(1) - 1));
    return new RateLimited(limit.setting + ": " + what + " for this user on this node; retry after "
        + seconds + " s", (int) Math.min(Integer.MAX_VALUE, seconds));
  }

  private void refuse(RoutingContext ctx, Charge charge, Limit limit, RateLimited refusal) {
    charge.giveBack();
    refused.get(limit).increment();
    ctx.fail(refusal);
  }

  /** The Content-Length; 0 for a chunked body (RequestFraming refused any other framing). */
  private static long declaredLength(RoutingContext ctx) {
    String length = ctx.request().getHeader(HttpHeaders.CONTENT_LENGTH);
    try {
      return length == null ? 0 : Math.max(0, Long.parseLong(length.trim()));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static long bodyBytes(RoutingContext ctx) {
    return ctx.body() == null || ctx.body().buffer() == null ? 0 : ctx.body().buffer().length();
  }

  /** @return the entries of the body's array {@code field}; 0 if there is none, which the route's handler refuses */
  private static long entries(RoutingContext ctx, String field) {
    try {
      JsonNode body = JsonBody.tree(ctx);
      JsonNode list = body.isObject() ? body.get(field) : null;
      return list != null && list.isArray() ? list.size() : 0;
    } catch (RuntimeException malformed) {
      return 0;
    }
  }

  /** What one request took from its user's limits; on its event loop only. */
  private final class Charge {
    private final long uid;
    private final List<Limit> limits = new ArrayList<>();
    private final List<Long> amounts = new ArrayList<>();

    Charge(long uid) {
      this.uid = uid;
    }

    void took(Limit limit, long n) {
      limits.add(limit);
      amounts.add(n);
    }

    /** The request ended: what it held open is released; if it {@code failed}, what it took from quotas comes back. */
    void end(boolean failed) {
      settle(failed);
    }

    /** Everything goes back: the request was refused, or is served by another node. */
    void giveBack() {
      settle(true);
      for (int i = 0; i < limits.size(); i++) {
        if (rates.containsKey(limits.get(i))) {
          rates.get(limits.get(i)).giveBack(uid, amounts.get(i));
        }
      }
      limits.clear();
      amounts.clear();
    }

    private void settle(boolean failed) {
      for (int i = limits.size() - 1; i >= 0; i--) {
        Limit limit = limits.get(i);
        boolean open = counts.containsKey(limit);
        if (open || (failed && limit.quota)) {
          if (open) {
            counts.get(limit).close(uid);
          } else {
            rates.get(limit).giveBack(uid, amounts.get(i));
          }
          limits.remove(i);
          amounts.remove(i);
        }
      }
    }
  }
}
