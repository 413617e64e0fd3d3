package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.POST;
import static io.vertx.core.http.HttpMethod.PUT;

import io.letterbox.engine.Letterbox;
import io.letterbox.model.ConversationRef;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.json.JsonBody;
import io.letterbox.server.http.json.JsonViews;
import io.letterbox.server.http.json.StreamedJson;
import java.util.function.LongFunction;

/**
 * The routes of one conversation of an owner, one-to-one or group alike: the conversation, its
 * state, its history and its read position. The engine tells the two kinds apart by their
 * {@link ConversationRef}; the paths differ only in what names the conversation.
 */
final class OneConversationRoutes {
  private final Letterbox box;
  private final EngineCalls engine;

  OneConversationRoutes(Letterbox box, EngineCalls engine) {
    this.box = box;
    this.engine = engine;
  }

  /**
   * @param path the conversation's path, e.g. {@code /v1/users/:uid/conversations/:peer}
   * @param param the path parameter naming the conversation's peer or group
   * @param ref the conversation that id names
   */
  void register(Routes routes, String path, String param, LongFunction<ConversationRef> ref) {
    routes.add(GET, path, ctx -> {
      long uid = Params.id(ctx, "uid");
      ConversationRef conversation = ref.apply(Params.id(ctx, param));
      Replies.json(ctx, 200, engine.read(() -> JsonViews.conversation(box.conversations().get(uid, conversation))));
    });

    routes.add(PUT, path + "/state", ctx -> {
      long uid = Params.id(ctx, "uid");
      ConversationRef conversation = ref.apply(Params.id(ctx, param));
      Settings s = Settings.of(ctx);
      // The disappearing setting first: its duration is checked before anything changes.
      Replies.json(ctx, 200, engine.write(() -> {
        var set = s.disappearing() ? box.conversations().setDisappearAfter(uid, conversation, s.disappearAfter())
            : java.util.concurrent.CompletableFuture.completedFuture((io.letterbox.model.Conversation) null);
        return s.others() ? set.thenCompose(done -> box.conversations().setState(uid, conversation, s.pinned(),
            s.muted(), s.archived())) : set;
      }).map(JsonViews::conversation));
    });

    routes.add(GET, path + "/messages", ctx -> {
      long uid = Params.id(ctx, "uid");
      ConversationRef conversation = ref.apply(Params.id(ctx, param));
      String cursor = Params.cursor(ctx);
      int limit = Params.limit(ctx);
      Replies.written(ctx, 200, engine.read(() ->
          StreamedJson.messages(box.conversations().history(uid, conversation, cursor, limit))));
    });

    routes.add(POST, path + "/read", ctx -> {
      long uid = Params.id(ctx, "uid");
      ConversationRef conversation = ref.apply(Params.id(ctx, param));
      JsonBody b = JsonBody.of(ctx, "device", "upTo");
      String device = b.string("device");
      Long upTo = b.optionalId("upTo").orElse(null);
      Replies.noContent(ctx, engine.write(() -> box.conversations().markRead(uid, conversation, device, upTo)));
    });
  }
}
