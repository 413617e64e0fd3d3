package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.DELETE;
import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.PATCH;
import static io.vertx.core.http.HttpMethod.POST;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxException;
import io.letterbox.model.ImportedMessage;
import io.letterbox.model.SendRequest;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.hooks.HookedSends;
import io.letterbox.server.http.json.JsonBody;
import io.letterbox.server.http.json.JsonViews;
import io.letterbox.server.http.json.MessageContent;
import io.letterbox.server.http.json.StreamedJson;
import io.letterbox.server.http.json.Times;
import java.util.ArrayList;
import java.util.List;

/** Sending, reading one, deleting and importing messages. */
public final class MessageRoutes {
  private static final String[] SEND_FIELDS = MessageContent.withReferences("from", "to", "text", "idempotencyKey",
      "sendAt");
  private final Letterbox box;
  private final EngineCalls engine;
  private final HookedSends hooked;

  /** @param hooked sends through the before-send hook, if one is set */
  public MessageRoutes(Letterbox box, EngineCalls engine, HookedSends hooked) {
    this.box = box;
    this.engine = engine;
    this.hooked = hooked;
  }

  public void register(Routes routes) {
    routes.add(POST, "/v1/messages", ctx -> {
      JsonBody b = JsonBody.of(ctx, SEND_FIELDS);
      SendRequest req = new SendRequest(b.id("from"), b.id("to"), b.optionalString("text").orElse(null),
          b.optionalString("idempotencyKey").orElse(null), MessageContent.extras(b), MessageContent.forwardOf(b));
      long attacher = BlobRoutes.reader(ctx);
      java.util.Optional<String> sendAt = b.optionalString("sendAt");
      if (sendAt.isPresent()) {
        java.time.Instant at = Times.parse("sendAt", sendAt.get());
        ScheduleRoutes.schedule(ctx, engine, () -> box.schedules().schedule(req, at, attacher));
        return;
      }
      // 200 for a replayed idempotency key: the client sees that nothing new was stored.
      Replies.when(ctx, hooked.send(req, b.node(), v -> engine.write(() -> box.messages().send(v, attacher))),
          r -> Replies.written(ctx, r.created() ? 201 : 200, StreamedJson.message(r.message())));
    });

    routes.add(GET, "/v1/users/:uid/messages/:id", ctx -> {
      long uid = Params.id(ctx, "uid");
      long id = Params.id(ctx, "id");
      Replies.json(ctx, 200, engine.read(() -> JsonViews.message(box.messages().find(uid, id).orElseThrow(
          () -> LetterboxException.notFound("user %d has no message %d", uid, id)))));
    });

    routes.add(POST, "/v1/users/:uid/messages/:id/recall", ctx -> {
      long uid = Params.id(ctx, "uid");
      long id = Params.id(ctx, "id");
      Replies.json(ctx, 200, engine.write(() -> box.messages().recall(uid, id)).map(JsonViews::message));
    });

    routes.add(PATCH, "/v1/users/:uid/messages/:id", ctx -> {
      long uid = Params.id(ctx, "uid");
      long id = Params.id(ctx, "id");
      String text = JsonBody.of(ctx, "text").string("text");
      Replies.json(ctx, 200, engine.write(() -> box.messages().edit(uid, id, text)).map(JsonViews::message));
    });

    routes.add(DELETE, "/v1/users/:uid/messages/:id", ctx -> {
      long uid = Params.id(ctx, "uid");
      long id = Params.id(ctx, "id");
      Replies.noContent(ctx, engine.write(() -> box.messages().delete(uid, id)));
    });

    routes.add(DELETE, "/v1/users/:uid/messages", ctx -> {
      long uid = Params.id(ctx, "uid");
      Replies.noContent(ctx, engine.write(() -> box.conversations().deleteAll(uid)));
    });

    routes.add(POST, "/v1/import/messages", ctx -> {
      JsonNode items = JsonBody.of(ctx, "messages").array("messages");
      List<ImportedMessage> batch = new ArrayList<>(items.size());
      for (int i = 0; i < items.size(); i++) {
        String where = "messages[" + i + "]";
        JsonBody m = JsonBody.of(items.get(i), where, "from", "to", "text", "createdAt");
        batch.add(new ImportedMessage(m.id("from"), m.id("to"), m.string("text"),
            Times.parse(where + ".createdAt", m.string("createdAt"))));
      }
      Replies.json(ctx, 200, engine.write(() -> box.messages().importHistory(batch)).map(JsonViews::ids));
    });
  }
}
