package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.POST;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxException;
import io.letterbox.model.Audience;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.hooks.HookedSends;
import io.letterbox.server.http.json.JsonBody;
import io.letterbox.server.http.json.JsonViews;
import io.letterbox.server.http.json.MessageContent;

/** Broadcasts: accept one (its audience frozen then), look one up, resume its fan-out, recall one, list a sender's. */
public final class BroadcastRoutes {
  private final Letterbox box;
  private final EngineCalls engine;
  private final HookedSends hooked;

  /** @param hooked broadcasts through the before-send hook, if one is set */
  public BroadcastRoutes(Letterbox box, EngineCalls engine, HookedSends hooked) {
    this.box = box;
    this.engine = engine;
    this.hooked = hooked;
  }

  private static final String[] FIELDS =
      MessageContent.withFields("from", "text", "audience", "priority", "idempotencyKey", "push");

  public void register(Routes routes) {
    routes.add(POST, "/v1/broadcasts", ctx -> {
      JsonBody b = JsonBody.of(ctx, FIELDS);
      BroadcastRequest request = new BroadcastRequest(b.id("from"), b.optionalString("text").orElse(null), audience(b),
          priority(b.optionalString("priority").orElse("normal")), b.optionalString("idempotencyKey").orElse(null),
          MessageContent.extras(b), b.optionalBoolean("push").orElse(false));
      // 202: the audience is frozen and readable; a fan-out to unrelated receivers may still run.
      Replies.json(ctx, 202, hooked.broadcast(request, b.node(), v -> engine.write(() -> box.broadcasts().send(v)))
          .map(JsonViews::broadcast));
    });

    routes.add(GET, "/v1/broadcasts/:id", ctx -> {
      long id = Params.id(ctx, "id");
      Replies.json(ctx, 200, engine.read(() -> JsonViews.broadcast(box.broadcasts().find(id).orElseThrow(
          () -> LetterboxException.notFound("no broadcast %d", id)))));
    });

    // An operator's command for a fan-out that gave up (status failed): it runs again. The call
    // only queues the fan-out and reads the broadcast back, so it answers at once.
    routes.add(POST, "/v1/broadcasts/:id/resume", ctx -> {
      long id = Params.id(ctx, "id");
      Replies.json(ctx, 200, engine.read(() -> JsonViews.broadcast(box.broadcasts().resume(id))));
    });

    routes.add(POST, "/v1/broadcasts/:id/recall", ctx -> {
      long id = Params.id(ctx, "id");
      long by = JsonBody.of(ctx, "by").id("by");
      Replies.json(ctx, 200, engine.write(() -> box.broadcasts().recall(by, id)).map(JsonViews::message));
    });

    routes.add(GET, "/v1/users/:uid/broadcasts", ctx -> {
      long uid = Params.id(ctx, "uid");
      int limit = Params.limit(ctx);
      String cursor = Params.cursor(ctx);
      Replies.json(ctx, 200, engine.read(() ->
          JsonViews.page(box.broadcasts().sent(uid, cursor, limit), JsonViews::broadcast)));
    });
  }

  /** Each audience type allows exactly its own fields. */
  private static Audience audience(JsonBody body) {
    String type = body.object("audience", "type", "where", "uids", "name").string("type");
    return switch (type) {
      case "followers" -> {
        body.object("audience", "type");
        yield new Audience.Followers();
      }
      case "subscribers" -> new Audience.Subscribers(body.object("audience", "type", "where").optionalStringMap("where"));
      case "uids" -> new Audience.Uids(body.object("audience", "type", "uids").ids("uids"));
      case "segment" -> new Audience.Segment(body.object("audience", "type", "name").string("name"));
      default -> throw LetterboxException.invalid(
          "audience.type must be followers, subscribers, uids or segment: %s", type);
    };
  }

  private static BroadcastRequest.Priority priority(String p) {
    return switch (p) {
      case "normal" -> BroadcastRequest.Priority.NORMAL;
      case "high" -> BroadcastRequest.Priority.HIGH;
      default -> throw LetterboxException.invalid("priority must be normal or high: %s", p);
    };
  }

}
