package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.DELETE;
import static io.vertx.core.http.HttpMethod.PUT;

import io.letterbox.engine.Letterbox;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;

/**
 * Reactions (API.md, Conversations, richer): {@code PUT} and {@code DELETE} of
 * {@code /v1/users/{uid}/messages/{id}/reactions/{emoji}}, the emoji percent-encoded in the path.
 */
public final class ReactionRoutes {
  private final Letterbox box;
  private final EngineCalls engine;

  public ReactionRoutes(Letterbox box, EngineCalls engine) {
    this.box = box;
    this.engine = engine;
  }

  public void register(Routes routes) {
    routes.add(PUT, "/v1/users/:uid/messages/:id/reactions/:emoji", ctx -> {
      long uid = Params.id(ctx, "uid");
      long id = Params.id(ctx, "id");
      String emoji = ctx.pathParam("emoji");
      Replies.noContent(ctx, engine.write(() -> box.reactions().react(uid, id, emoji)));
    });

    routes.add(DELETE, "/v1/users/:uid/messages/:id/reactions/:emoji", ctx -> {
      long uid = Params.id(ctx, "uid");
      long id = Params.id(ctx, "id");
      String emoji = ctx.pathParam("emoji");
      Replies.noContent(ctx, engine.write(() -> box.reactions().unreact(uid, id, emoji)));
    });
  }
}
