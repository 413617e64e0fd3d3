package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.DELETE;
import static io.vertx.core.http.HttpMethod.POST;
import static io.vertx.core.http.HttpMethod.PUT;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxException;
import io.letterbox.server.auth.Principal;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.access.Authentication;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.json.JsonBody;

/** Follows, subscriptions (with attributes) and named segments: what audiences are made of. */
public final class RelationRoutes {
  private final Letterbox box;
  private final EngineCalls engine;

  public RelationRoutes(Letterbox box, EngineCalls engine) {
    this.box = box;
    this.engine = engine;
  }

  public void register(Routes routes) {
    routes.add(PUT, "/v1/users/:uid/following/:target", ctx -> {
      long uid = Params.id(ctx, "uid");
      long target = Params.id(ctx, "target");
      Replies.noContent(ctx, engine.write(() -> box.relations().follow(uid, target)));
    });

    routes.add(DELETE, "/v1/users/:uid/following/:target", ctx -> {
      long uid = Params.id(ctx, "uid");
      long target = Params.id(ctx, "target");
      Replies.noContent(ctx, engine.write(() -> box.relations().unfollow(uid, target)));
    });

    // An extension of API.md: a follower graph loaded at once, for onboarding a platform.
    routes.add(POST, "/v1/users/:target/followers", ctx -> {
      long target = Params.id(ctx, "target");
      long[] uids = JsonBody.of(ctx, "uids").ids("uids");
      Replies.noContent(ctx, engine.write(() -> box.relations().addFollowers(target, uids)));
    });

    routes.add(PUT, "/v1/users/:uid/subscriptions/:target", ctx -> {
      long uid = Params.id(ctx, "uid");
      long target = Params.id(ctx, "target");
      JsonBody body = bodyOrEmpty(ctx);
      var attributes = body.optionalStringMap("attributes");
      boolean service = isService(ctx);
      if (!service && !attributes.isEmpty()) {
        throw new LetterboxException(ErrorCode.FORBIDDEN, "subscription attributes are set by services");
      }
      // Attributes given by a service replace those the subscription had; without them (and from a
      // user token) a subscription keeps its attributes (decision 0023).
      boolean replace = service && body.node().hasNonNull("attributes");
      Replies.noContent(ctx, engine.write(() -> replace ? box.relations().subscribe(uid, target, attributes)
          : box.relations().subscribeKeepingAttributes(uid, target)));
    });

    routes.add(DELETE, "/v1/users/:uid/subscriptions/:target", ctx -> {
      long uid = Params.id(ctx, "uid");
      long target = Params.id(ctx, "target");
      Replies.noContent(ctx, engine.write(() -> box.relations().unsubscribe(uid, target)));
    });

    routes.add(PUT, "/v1/segments/:name", ctx -> {
      String name = ctx.pathParam("name");
      long[] uids = JsonBody.of(ctx, "uids").ids("uids");
      Replies.noContent(ctx, engine.write(() -> box.relations().replaceSegment(name, uids)));
    });

    routes.add(POST, "/v1/segments/:name/members", ctx -> {
      String name = ctx.pathParam("name");
      long[] uids = JsonBody.of(ctx, "uids").ids("uids");
      Replies.noContent(ctx, engine.write(() -> box.relations().addToSegment(name, uids)));
    });
  }

  /** A service key, or a loopback server without keys (no principal): anything but a user token. */
  private static boolean isService(io.vertx.ext.web.RoutingContext ctx) {
    Principal principal = ctx.get(Authentication.PRINCIPAL);
    return principal == null || principal.isService();
  }

  /** A subscription without attributes may come with no body at all. */
  private static JsonBody bodyOrEmpty(io.vertx.ext.web.RoutingContext ctx) {
    var body = ctx.body().buffer();
    if (body == null || body.length() == 0) {
      return JsonBody.of(io.letterbox.server.http.json.Json.read("{}".getBytes()), "body");
    }
    return JsonBody.of(ctx, "attributes");
  }
}
