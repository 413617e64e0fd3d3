package io.letterbox.server.http;

import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.POST;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxException;
import io.letterbox.server.http.json.JsonBody;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The routes of a cluster: {@code GET /v1/cluster} for operators (behind the API keys), and the
 * members' internal calls, which carry the cluster secret instead: deliveries of one partition's
 * actions into another, and news of a published broadcast (decision 0007).
 */
final class ClusterRoutes {
  static final String SECRET_HEADER = "X-Letterbox-Cluster-Secret";
  static final String DELIVERIES = "/internal/v1/partitions/:p/deliveries";
  static final String PUBLISHED = "/internal/v1/published";

  private final Letterbox box;
  private final ClusterMap cluster;

  ClusterRoutes(Letterbox box, ClusterMap cluster) {
    this.box = box;
    this.cluster = cluster;
  }

  void register(Routes routes, EngineCalls engine) {
    routes.add(GET, "/v1/cluster", ctx -> Replies.json(ctx, 200, engine.read(cluster::describe)));

    routes.addOpen(POST, DELIVERIES, ctx -> {
      member(ctx);
      int p = Params.integer(ctx, "p", 0, box.partitioning().count() - 1);
      long[] origins = JsonBody.of(ctx, "origins").ids("origins");
      Replies.noContent(ctx, engine.write(() -> box.deliver(p, origins)));
    });

    routes.addOpen(POST, PUBLISHED, ctx -> {
      member(ctx);
      JsonBody b = JsonBody.of(ctx, "sender", "id", "fannedOut");
      long sender = b.id("sender");
      long id = b.id("id");
      boolean fannedOut = b.optionalBoolean("fannedOut").orElse(false);
      Replies.noContent(ctx, engine.read(() -> {
        if (fannedOut) {
          box.fannedOut(sender, id);
        } else {
          box.published(sender, id);
        }
        return null;
      }));
    });
  }

  /** Refuses a call without the cluster secret. */
  private void member(io.vertx.ext.web.RoutingContext ctx) {
    String given = ctx.request().getHeader(SECRET_HEADER);
    if (given == null || !MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8),
        cluster.secret().getBytes(StandardCharsets.UTF_8))) {
      throw new LetterboxException(ErrorCode.UNAUTHORIZED, "internal routes take the cluster secret");
    }
  }
}
