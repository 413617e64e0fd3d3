package io.letterbox.server.http;

import io.letterbox.server.http.access.Authentication;
import io.letterbox.server.http.access.UserAccess;
import io.letterbox.server.http.access.UserLimits;
import io.letterbox.server.http.errors.ErrorResponder;
import io.letterbox.server.http.forwarding.Forwarder;
import io.letterbox.server.http.requests.BodyBudget;
import io.letterbox.server.http.requests.BodyReader;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.PlatformHandler;

/**
 * Registers routes with what every route needs, in the order it needs it: its template for the
 * metrics, then authentication (before the body is read, so that strangers cannot make the
 * server buffer bodies), then its user's limits ({@link UserLimits}: before the body, so that a
 * refused request costs no body), then the body ({@link BodyReader}: reserved as it arrives, within
 * its size limit, a JSON route's with a JSON type), then a forwarded request's signature, then
 * whether a user token was revoked, then what a user token may do ({@link UserAccess}), then the
 * limits that count what the body holds, then the handler.
 */
public final class Routes {
  /** Context key: the setting that bounds the route's bodies, named in a 413. */
  public static final String BODY_LIMIT = "letterbox.body-limit";
  private final Router router;
  private final Handler<RoutingContext> auth;
  private final Handler<RoutingContext> body;
  private final BodyBudget budget;
  private final Handler<RoutingContext> access = new UserAccess();
  private final Handler<RoutingContext> revocation;
  private final Forwarder forwarder;
  private final UserLimits limits;

  /**
   * @param revocation refuses revoked user tokens, once the body is read ({@link Authentication#revocationCheck})
   * @param forwarder sends requests this node does not own to their owner; null without a cluster
   */
  Routes(Router router, Handler<RoutingContext> auth, Handler<RoutingContext> revocation, long maxBodyBytes,
      BodyBudget budget, Forwarder forwarder, UserLimits limits) {
    this.router = router;
    this.auth = auth;
    this.revocation = revocation;
    this.budget = budget;
    this.body = new BodyReader(budget, maxBodyBytes, null, true);
    this.forwarder = forwarder;
    this.limits = limits;
  }

  /** Sends requests this node does not own to their owner; null without a cluster. */
  public Forwarder forwarder() {
    return forwarder;
  }

  /** A route behind the service keys and user tokens. */
  public void add(HttpMethod method, String path, Handler<RoutingContext> handler) {
    register(method, path, handler, true, body);
  }

  /**
   * A route behind the service keys and user tokens whose bodies may be up to {@code maxBodyBytes}, the value of
   * setting {@code limitName}, instead of max-body-bytes, and are raw bytes of any type (blobs).
   */
  public void add(HttpMethod method, String path, long maxBodyBytes, String limitName, Handler<RoutingContext> handler) {
    register(method, path, handler, true, new BodyReader(budget, maxBodyBytes, limitName, false));
  }

  /** A route open to everyone, e.g. health checks. */
  public void addOpen(HttpMethod method, String path, Handler<RoutingContext> handler) {
    register(method, path, handler, false, body);
  }

  /** Names the route for {@link HttpMetrics}; a platform handler because Vert.x runs those first. */
  private record RouteTag(String template) implements PlatformHandler {
    @Override
    public void handle(RoutingContext ctx) {
      ctx.put(HttpMetrics.ROUTE_KEY, template);
      ctx.next();
    }
  }

  private void register(HttpMethod method, String path, Handler<RoutingContext> handler, boolean protect,
      Handler<RoutingContext> body) {
    var route = router.route(method, path).handler(new RouteTag(path));
    UserLimits.Check limited = protect ? limits.forRoute(method, path) : null;
    if (protect) {
      route.handler(auth);
    }
    if (limited != null) {
      route.handler(limited.atHeaders());
    }
    if (method == HttpMethod.POST || method == HttpMethod.PUT || method == HttpMethod.PATCH) {
      route.handler(body);
    }
    if (forwarder != null) {
      route.handler(forwarder::checkForwarded);
    }
    if (protect) {
      route.handler(revocation);
      route.handler(access);
    }
    if (limited != null && limited.afterBody() != null) {
      route.handler(limited.afterBody());
    }
    route.handler(handler).failureHandler(this::failed);
  }

  private void failed(RoutingContext ctx) {
    if (forwarder == null || !forwarder.forward(ctx, ErrorResponder.unwrap(ctx.failure()))) {
      ErrorResponder.handle(ctx);
    }
  }
}
