package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.GET;

import io.letterbox.engine.Letterbox;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.json.StreamedJson;

/**
 * A user's export (decision 0046): {@code application/x-ndjson}, streamed by {@link ExportStream}.
 * Each batch of lines is read and written as JSON on the engine's pool, and the next is read only
 * once the response's write queue has room again, so what the server holds of an export is a batch
 * or two, whatever the user's history.
 */
public final class ExportRoutes {
  public static final String PATH = "/v1/users/:uid/export";
  private final Letterbox box;
  private final EngineCalls engine;

  public ExportRoutes(Letterbox box, EngineCalls engine) {
    this.box = box;
    this.engine = engine;
  }

  public void register(Routes routes) {
    routes.add(GET, PATH, ctx -> {
      long uid = Params.id(ctx, "uid");
      Replies.when(ctx, engine.read(() -> box.export().of(uid)), walk -> new ExportStream(ctx.vertx(), ctx.response(),
          () -> engine.read(() -> StreamedJson.exportLines(walk.next())), ctx::fail)
          .start("application/x-ndjson; charset=utf-8"));
    });
  }
}
