package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.DELETE;
import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.PUT;

import io.letterbox.engine.Letterbox;
import io.letterbox.model.Page;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.json.JsonBody;
import io.letterbox.server.http.json.StreamedJson;

/**
 * Pinned messages (decision 0050) of one-to-one conversations, pinned by either party, and of
 * groups, pinned by their owner and admins; and an owner's draft of a one-to-one or group conversation.
 */
public final class PinRoutes {
  private static final String CONVERSATION = "/v1/users/:uid/conversations/:peer";
  private final Letterbox box;
  private final EngineCalls engine;

  public PinRoutes(Letterbox box, EngineCalls engine) {
    this.box = box;
    this.engine = engine;
  }

  public void register(Routes routes) {
    routes.add(PUT, CONVERSATION + "/pins/:id", ctx -> pin(ctx, true));
    routes.add(DELETE, CONVERSATION + "/pins/:id", ctx -> pin(ctx, false));
    routes.add(GET, CONVERSATION + "/pins", ctx -> {
      long uid = Params.id(ctx, "uid");
      long peer = Params.id(ctx, "peer");
      Replies.written(ctx, 200, engine.read(() ->
          StreamedJson.messages(new Page<>(box.pins().ofConversation(uid, peer), null))));
    });

    routes.add(PUT, "/v1/groups/:gid/pins/:id", ctx -> pinInGroup(ctx, true));
    routes.add(DELETE, "/v1/groups/:gid/pins/:id", ctx -> pinInGroup(ctx, false));
    routes.add(GET, "/v1/users/:uid/groups/:gid/pins", ctx -> {
      long uid = Params.id(ctx, "uid");
      long gid = Params.id(ctx, "gid");
      Replies.written(ctx, 200, engine.read(() -> StreamedJson.messages(new Page<>(box.pins().ofGroup(uid, gid), null))));
    });

    routes.add(PUT, CONVERSATION + "/draft", ctx -> draft(ctx, "peer", box.conversations()::setDraft));
    routes.add(PUT, "/v1/users/:uid/groups/:gid/draft", ctx -> draft(ctx, "gid", box.conversations()::setGroupDraft));
  }

  /** Saves the draft of the conversation the path names by {@code param}, by {@code save}(uid, that id, text). */
  private void draft(io.vertx.ext.web.RoutingContext ctx, String param, DraftSave save) {
    long uid = Params.id(ctx, "uid");
    long conversation = Params.id(ctx, param);
    String text = JsonBody.of(ctx, "text").string("text");
    Replies.noContent(ctx, engine.write(() -> save.save(uid, conversation, text)));
  }

  private interface DraftSave {
    java.util.concurrent.CompletableFuture<Void> save(long uid, long conversation, String text);
  }

  private void pin(io.vertx.ext.web.RoutingContext ctx, boolean pinned) {
    long uid = Params.id(ctx, "uid");
    long peer = Params.id(ctx, "peer");
    long id = Params.id(ctx, "id");
    Replies.noContent(ctx, engine.write(() -> box.pins().pin(uid, peer, id, pinned)));
  }

  private void pinInGroup(io.vertx.ext.web.RoutingContext ctx, boolean pinned) {
    long gid = Params.id(ctx, "gid");
    long id = Params.id(ctx, "id");
    long by = Params.queryId(ctx, "by");
    Replies.noContent(ctx, engine.write(() -> box.pins().pinInGroup(gid, by, id, pinned)));
  }
}
