package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.DELETE;
import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.PUT;

import io.letterbox.model.ConversationRef;
import io.letterbox.engine.Letterbox;
import io.letterbox.model.Folder;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.json.JsonViews;
import io.letterbox.server.http.json.StreamedJson;

/**
 * An owner's conversation list, the routes of one one-to-one conversation (those of
 * {@link OneConversationRoutes}, and deleting it), blocks and unread counts.
 */
public final class ConversationRoutes {
  private final Letterbox box;
  private final EngineCalls engine;

  public ConversationRoutes(Letterbox box, EngineCalls engine) {
    this.box = box;
    this.engine = engine;
  }

  public void register(Routes routes) {
    routes.add(GET, "/v1/users/:uid/conversations", ctx -> {
      long uid = Params.id(ctx, "uid");
      String cursor = Params.cursor(ctx);
      int limit = Params.limit(ctx);
      var folder = Params.folder(ctx);
      Replies.written(ctx, 200, engine.read(() -> StreamedJson.conversations(
          box.conversations().list(uid, folder, cursor, limit),
          folder == Folder.DEFAULT ? box.conversations().requestsUnread(uid) : java.util.OptionalLong.empty())));
    });

    new OneConversationRoutes(box, engine).register(routes, "/v1/users/:uid/conversations/:peer", "peer",
        ConversationRef::peer);

    routes.add(PUT, "/v1/users/:uid/blocks/:peer", ctx -> {
      long uid = Params.id(ctx, "uid");
      long peer = Params.id(ctx, "peer");
      Replies.noContent(ctx, engine.write(() -> box.relations().block(uid, peer, true)));
    });

    routes.add(DELETE, "/v1/users/:uid/blocks/:peer", ctx -> {
      long uid = Params.id(ctx, "uid");
      long peer = Params.id(ctx, "peer");
      Replies.noContent(ctx, engine.write(() -> box.relations().block(uid, peer, false)));
    });

    routes.add(GET, "/v1/users/:uid/blocks", ctx -> {
      long uid = Params.id(ctx, "uid");
      Replies.json(ctx, 200, engine.read(() -> JsonViews.peers(box.relations().blocked(uid))));
    });

    routes.add(GET, "/v1/users/:uid/unread", ctx -> {
      long uid = Params.id(ctx, "uid");
      String device = Params.requiredQuery(ctx, "device");
      Replies.written(ctx, 200, engine.read(() -> StreamedJson.unread(box.conversations().unread(uid, device))));
    });

    routes.add(DELETE, "/v1/users/:uid/conversations/:peer", ctx -> {
      long uid = Params.id(ctx, "uid");
      long peer = Params.id(ctx, "peer");
      Replies.noContent(ctx, engine.write(() -> box.conversations().delete(uid, peer)));
    });
  }
}
