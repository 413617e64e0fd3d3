package io.letterbox.server.http.access;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.server.auth.Principal;
import io.letterbox.server.http.HttpMetrics;
import io.letterbox.server.http.json.Ids64;
import io.letterbox.server.http.json.JsonBody;
import io.letterbox.server.http.routes.Params;
import io.letterbox.server.http.routes.RevocationRoutes;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import java.util.Map;

/**
 * What a user token may do (API.md, "Operations and access"): act only as its user. Routes under
 * {@code /v1/users/{uid}/…} with {@code uid} its user, one-to-one sends and group posts whose
 * {@code from} is its user, group administration whose {@code by} is its user, and blobs; every
 * other route, and revoking a user's tokens and its legal hold, is for services only (403 {@code FORBIDDEN}). Runs after the body is read and before
 * the route's handler, so nothing is done for a refused request.
 *
 * <p>A request whose actor field is missing or malformed is let through: its handler, which reads
 * the same field the same way (from the same parsed body, {@link JsonBody#tree}), refuses it (400)
 * before acting.
 */
public final class UserAccess implements Handler<RoutingContext> {
  /** Where a route names the user it acts as. */
  private enum Actor { PATH, BODY, QUERY, NONE }

  private record Rule(Actor where, String name) {}

  /** The routes a user may call apart from those under /v1/users/:uid/, by method and template. */
  private static final Map<String, Rule> RULES = Map.ofEntries(
      Map.entry("POST /v1/messages", new Rule(Actor.BODY, "from")),
      Map.entry("POST /v1/groups/:gid/messages", new Rule(Actor.BODY, "from")),
      Map.entry("POST /v1/groups", new Rule(Actor.BODY, "by")),
      Map.entry("PATCH /v1/groups/:gid", new Rule(Actor.BODY, "by")),
      Map.entry("PUT /v1/groups/:gid/members/:uid", new Rule(Actor.BODY, "by")),
      Map.entry("POST /v1/groups/:gid/members", new Rule(Actor.BODY, "by")),
      Map.entry("DELETE /v1/groups/:gid/members/:uid", new Rule(Actor.QUERY, "by")),
      Map.entry("POST /v1/blobs", new Rule(Actor.NONE, null)),
      Map.entry("GET /v1/blobs/:id", new Rule(Actor.NONE, null)),
      Map.entry("HEAD /v1/blobs/:id", new Rule(Actor.NONE, null)),
      Map.entry("PUT /v1/groups/:gid/pins/:id", new Rule(Actor.QUERY, "by")),
      Map.entry("DELETE /v1/groups/:gid/pins/:id", new Rule(Actor.QUERY, "by")));

  private static final String USERS = "/v1/users/:uid/";
  /** Routes under /v1/users/:uid/ that act on the user rather than as it: for services only. */
  private static final java.util.Set<String> SERVICES_ONLY = java.util.Set.of("POST " + RevocationRoutes.REVOKE,
      "PUT " + io.letterbox.server.http.routes.LifecycleRoutes.HOLD, "DELETE " + io.letterbox.server.http.routes.LifecycleRoutes.HOLD);

  @Override
  public void handle(RoutingContext ctx) {
    Principal principal = ctx.get(Authentication.PRINCIPAL);
    if (principal == null || principal.isService()) {
      ctx.next();
      return;
    }
    HttpMethod method = ctx.request().method();
    String template = ctx.get(HttpMetrics.ROUTE_KEY);
    String route = method.name() + " " + template;
    Rule rule = SERVICES_ONLY.contains(route) ? null
        : template.startsWith(USERS) ? new Rule(Actor.PATH, "uid") : RULES.get(route);
    if (rule == null) {
      ctx.fail(new LetterboxException(ErrorCode.FORBIDDEN,
          "a user token acts only as its user; " + method.name() + " " + template + " is for services"));
      return;
    }
    Long actor = actor(ctx, rule);
    if (actor != null && actor != principal.uid()) {
      ctx.fail(new LetterboxException(ErrorCode.FORBIDDEN, "a user token acts only as its user: "
          + (rule.where() == Actor.PATH ? "the path's uid" : rule.name()) + " must be " + principal.uid()));
      return;
    }
    ctx.next();
  }

  /** @return the uid the request acts as; null if the rule names none, or it is missing or malformed */
  private static Long actor(RoutingContext ctx, Rule rule) {
    try {
      return switch (rule.where()) {
        case NONE -> null;
        case PATH -> Params.id(ctx, rule.name());
        case QUERY -> ctx.queryParam(rule.name()).isEmpty() ? null : Params.queryId(ctx, rule.name());
        case BODY -> {
          JsonNode body = JsonBody.tree(ctx);
          JsonNode field = body.isObject() ? body.get(rule.name()) : null;
          yield field == null ? null : Ids64.parse(rule.name(), field);
        }
      };
    } catch (RuntimeException malformed) {
      return null;
    }
  }
}
