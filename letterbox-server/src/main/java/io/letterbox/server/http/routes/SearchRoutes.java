package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.GET;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.search.SearchQuery;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.json.JsonViews;

/** Keyword search in what a user can see (decision 0012). */
public final class SearchRoutes {
  private final Letterbox box;
  private final EngineCalls engine;

  public SearchRoutes(Letterbox box, EngineCalls engine) {
    this.box = box;
    this.engine = engine;
  }

  public void register(Routes routes) {
    routes.add(GET, "/v1/users/:uid/search", ctx -> {
      long uid = Params.id(ctx, "uid");
      String q = Params.optionalQuery(ctx, "q");
      SearchQuery query = SearchQuery.of(q, Params.optionalQueryId(ctx, "peer"), Params.optionalQueryId(ctx, "group"),
          Params.optionalInstant(ctx, "after"), Params.optionalInstant(ctx, "before"));
      String cursor = Params.cursor(ctx);
      int limit = Params.limit(ctx);
      Replies.json(ctx, 200, engine.write(() -> box.search().find(uid, query, cursor, limit))
          .map(page -> JsonViews.page(page, JsonViews::message)));
    });
  }
}
