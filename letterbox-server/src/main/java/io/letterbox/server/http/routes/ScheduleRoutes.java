package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.DELETE;
import static io.vertx.core.http.HttpMethod.GET;

import io.letterbox.engine.Letterbox;
import io.letterbox.model.ScheduledMessage;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.json.JsonViews;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/**
 * Scheduled messages (decision 0052): a send or group post with {@code sendAt} is scheduled (202),
 * its sender lists and cancels them.
 */
public final class ScheduleRoutes {
  private final Letterbox box;
  private final EngineCalls engine;

  public ScheduleRoutes(Letterbox box, EngineCalls engine) {
    this.box = box;
    this.engine = engine;
  }

  /** Answers a send or post with {@code sendAt}: 202 {@code {"scheduled","sendAt"}}. */
  static void schedule(RoutingContext ctx, EngineCalls engine, Callable<CompletableFuture<ScheduledMessage>> schedule) {
    Replies.json(ctx, 202, engine.write(schedule).map(JsonViews::scheduled));
  }

  public void register(Routes routes) {
    routes.add(GET, "/v1/users/:uid/scheduled", ctx -> {
      long uid = Params.id(ctx, "uid");
      String cursor = Params.cursor(ctx);
      int limit = Params.limit(ctx);
      Replies.json(ctx, 200, engine.read(() -> JsonViews.page(box.schedules().list(uid, cursor, limit),
          JsonViews::scheduledItem)));
    });

    routes.add(DELETE, "/v1/users/:uid/scheduled/:id", ctx -> {
      long uid = Params.id(ctx, "uid");
      long id = Params.id(ctx, "id");
      Replies.noContent(ctx, engine.write(() -> box.schedules().cancel(uid, id)));
    });
  }
}
