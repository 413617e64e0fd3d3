package io.letterbox.server.http.routes;

import io.letterbox.engine.LetterboxException;
import io.letterbox.server.http.json.Ids64;
import io.vertx.ext.web.RoutingContext;
import java.util.List;

/** Path and query parameters, checked for shape; the engine checks what they mean. */
public final class Params {
  static final int DEFAULT_LIMIT = 20;
  static final int MAX_LIMIT = 100;

  private Params() {}

  /** A path segment holding an id, e.g. {@code uid} in {@code /v1/users/:uid/...}. */
  public static long id(RoutingContext ctx, String name) {
    return Ids64.parse(name, ctx.pathParam(name));
  }

  /** A path segment holding a small number in {@code min..max}. */
  static int integer(RoutingContext ctx, String name, int min, int max) {
    String v = ctx.pathParam(name);
    try {
      int n = Integer.parseInt(v);
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw LetterboxException.invalid("%s must be an integer in %d..%d: %s", name, min, max, v);
  }

  /** {@code ?limit=}: 1..100, default 20. */
  static int limit(RoutingContext ctx) {
    return limit(ctx, DEFAULT_LIMIT);
  }

  /** {@code ?limit=}: 1..100, default {@code byDefault}. */
  static int limit(RoutingContext ctx, int byDefault) {
    String v = single(ctx, "limit");
    if (v == null) {
      return byDefault;
    }
    try {
      int n = Integer.parseInt(v);
      if (n >= 1 && n <= MAX_LIMIT) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw LetterboxException.invalid("limit must be an integer in 1..%d: %s", MAX_LIMIT, v);
  }

  /** {@code ?cursor=}: opaque, passed to the engine; absent or empty means the first page. */
  static String cursor(RoutingContext ctx) {
    String v = single(ctx, "cursor");
    return v == null || v.isEmpty() ? null : v;
  }

  /** {@code ?folder=}: {@code archived} or {@code requests}; absent means the default list. */
  static io.letterbox.model.Folder folder(RoutingContext ctx) {
    String v = single(ctx, "folder");
    if (v == null || v.isEmpty()) {
      return io.letterbox.model.Folder.DEFAULT;
    }
    io.letterbox.model.Folder f = io.letterbox.model.Folder.ofApiName(v);
    if (f == null) {
      throw LetterboxException.invalid("folder must be one of default, archived, requests: %s",
          v.length() > 40 ? v.substring(0, 40) + "…" : v);
    }
    return f;
  }

  /** A query parameter that may be absent (or empty: the same). */
  static String optionalQuery(RoutingContext ctx, String name) {
    String v = single(ctx, name);
    return v == null || v.isEmpty() ? null : v;
  }

  static String requiredQuery(RoutingContext ctx, String name) {
    String v = single(ctx, name);
    if (v == null || v.isEmpty()) {
      throw LetterboxException.invalid("query parameter %s is required", name);
    }
    return v;
  }

  /** A required query parameter holding an id, e.g. {@code ?by=1}. */
  public static long queryId(RoutingContext ctx, String name) {
    return Ids64.parse(name, requiredQuery(ctx, name));
  }

  /** An optional query parameter holding an id; 0 when absent. */
  static long optionalQueryId(RoutingContext ctx, String name) {
    String v = optionalQuery(ctx, name);
    return v == null ? 0 : Ids64.parse(name, v);
  }

  /** An optional query parameter holding an instant, ISO-8601 in UTC ({@code 2026-11-24T09:00:00Z}). */
  static java.time.Instant optionalInstant(RoutingContext ctx, String name) {
    String v = optionalQuery(ctx, name);
    if (v == null) {
      return null;
    }
    try {
      return java.time.Instant.parse(v);
    } catch (java.time.format.DateTimeParseException e) {
      throw LetterboxException.invalid("%s must be an instant such as 2026-11-24T09:00:00Z: %s", name,
          v.length() > 40 ? v.substring(0, 40) + "…" : v);
    }
  }

  /** A repeated parameter is ambiguous, so it is refused rather than one copy picked. */
  private static String single(RoutingContext ctx, String name) {
    List<String> all = ctx.queryParam(name);
    if (all.size() > 1) {
      throw LetterboxException.invalid("query parameter %s is given %d times", name, all.size());
    }
    return all.isEmpty() ? null : all.get(0);
  }
}
