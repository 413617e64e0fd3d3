package io.letterbox.server.http;

import static io.vertx.core.http.HttpMethod.DELETE;
import static io.vertx.core.http.HttpMethod.POST;
import static io.vertx.core.http.HttpMethod.PUT;

import io.letterbox.engine.Letterbox;
import io.letterbox.server.http.json.JsonBody;

/** Follows, subscriptions (with attributes) and named segments: what audiences are made of. */
final class RelationRoutes {
  private final Letterbox box;
  private final EngineCalls engine;

  RelationRoutes(Letterbox box, EngineCalls engine) {
    this.box = box;
    this.engine = engine;
  }

  void register(Routes routes) {
    routes.add(PUT, "/v1/users/:uid/following/:target", ctx -> {
      long uid = Params.id(ctx, "uid");
      long target = Params.id(ctx, "target");
      Replies.noContent(ctx, engine.write(() -> box.follow(uid, target)));
    });

    routes.add(DELETE, "/v1/users/:uid/following/:target", ctx -> {
      long uid = Params.id(ctx, "uid");
      long target = Params.id(ctx, "target");
      Replies.noContent(ctx, engine.write(() -> box.unfollow(uid, target)));
    });

    // An extension of API.md: a follower graph loaded at once, for onboarding a platform.
    routes.add(POST, "/v1/users/:target/followers", ctx -> {
      long target = Params.id(ctx, "target");
      long[] uids = JsonBody.of(ctx, "uids").ids("uids");
      Replies.noContent(ctx, engine.write(() -> box.addFollowers(target, uids)));
    });

    routes.add(PUT, "/v1/users/:uid/subscriptions/:target", ctx -> {
      long uid = Params.id(ctx, "uid");
      long target = Params.id(ctx, "target");
      var attributes = bodyOrEmpty(ctx).optionalStringMap("attributes");
      Replies.noContent(ctx, engine.write(() -> box.subscribe(uid, target, attributes)));
    });

    routes.add(DELETE, "/v1/users/:uid/subscriptions/:target", ctx -> {
      long uid = Params.id(ctx, "uid");
      long target = Params.id(ctx, "target");
      Replies.noContent(ctx, engine.write(() -> box.unsubscribe(uid, target)));
    });

    routes.add(PUT, "/v1/segments/:name", ctx -> {
      String name = ctx.pathParam("name");
      long[] uids = JsonBody.of(ctx, "uids").ids("uids");
      Replies.noContent(ctx, engine.write(() -> box.replaceSegment(name, uids)));
    });

    routes.add(POST, "/v1/segments/:name/members", ctx -> {
      String name = ctx.pathParam("name");
      long[] uids = JsonBody.of(ctx, "uids").ids("uids");
      Replies.noContent(ctx, engine.write(() -> box.addToSegment(name, uids)));
    });
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
