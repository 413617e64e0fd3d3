package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.POST;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxException;
import io.letterbox.model.Report;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.json.JsonBody;
import io.letterbox.server.http.json.JsonViews;

/**
 * Reports and takedown (API.md, Moderation and platform hooks): a user reports a message it can
 * see ({@code POST /v1/users/{uid}/reports}); the platform's services page through every report,
 * oldest first ({@code GET /v1/reports}), take a message down for every party
 * ({@code POST /v1/messages/{id}/takedown}, decision 0042) and start the compaction that erases
 * what was taken down from the store's files ({@code POST /v1/admin/compact}); services only.
 */
public final class ModerationRoutes {
  private final Letterbox box;
  private final EngineCalls engine;

  public ModerationRoutes(Letterbox box, EngineCalls engine) {
    this.box = box;
    this.engine = engine;
  }

  record CompactionView(String status) {}

  public void register(Routes routes) {
    routes.add(POST, "/v1/users/:uid/reports", ctx -> {
      long uid = Params.id(ctx, "uid");
      JsonBody b = JsonBody.of(ctx, "message", "reason", "note");
      long message = b.id("message");
      String wire = b.string("reason");
      Report.Reason reason = Report.Reason.ofWire(wire);
      if (reason == null) {
        throw LetterboxException.invalid("reason must be spam, abuse or other: %s", wire);
      }
      String note = b.optionalString("note").orElse(null);
      Replies.json(ctx, 201, engine.write(() -> box.moderation().report(uid, message, reason, note)).map(JsonViews::id));
    });

    routes.add(POST, "/v1/messages/:id/takedown", ctx -> {
      long id = Params.id(ctx, "id");
      String reason = JsonBody.of(ctx, "reason").optionalString("reason").orElse(null);
      Replies.json(ctx, 200, engine.write(() -> box.moderation().takeDown(id, reason)).map(JsonViews::message));
    });

    routes.add(POST, "/v1/admin/compact", ctx -> {
      // Started, not waited for: a full compaction of a large store takes minutes.
      box.compaction().start();
      Replies.json(ctx, 202, new CompactionView("running"));
    });

    routes.add(GET, "/v1/reports", ctx -> {
      String cursor = Params.cursor(ctx);
      int limit = Params.limit(ctx);
      Replies.json(ctx, 200, engine.read(() -> JsonViews.page(box.moderation().reports(cursor, limit), JsonViews::report)));
    });
  }
}
