package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.POST;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxException;
import io.letterbox.server.auth.Revocations;
import io.letterbox.server.cluster.ClusterSecret;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.forwarding.ClusterMap;
import io.letterbox.server.http.json.JsonBody;
import io.vertx.ext.web.RoutingContext;
import java.time.Instant;

/**
 * The routes of a cluster: {@code GET /v1/cluster} for operators (behind the API keys), and the
 * members' internal calls, signed with the cluster secret instead ({@link ClusterSecret}):
 * deliveries of one partition's actions into another, news of a published broadcast (decision
 * 0007), which this node also hands to {@link Announced} (offline push of the receivers it hosts,
 * decision 0043), revocations of a user's tokens (decision 0024), and each member's own webhook status. An internal call whose signature is
 * missing, wrong, out of its time window or replayed is 401, and does nothing. With
 * {@code cluster-port}, internal calls are served on that listener only: on the API's port they
 * are 404.
 */
public final class ClusterRoutes {
  public static final String DELIVERIES = "/internal/v1/partitions/:p/deliveries";
  public static final String PUBLISHED = "/internal/v1/published";
  public static final String REVOCATIONS = "/internal/v1/revocations";
  /** A member of a group is typing: the members connected here are told (decision 0051). */
  public static final String TYPING = "/internal/v1/typing";
  public static final String REACTED = "/internal/v1/reacted";
  public static final String GROUP_PINS = "/internal/v1/group-pins";
  /** This member's own webhook status (served by {@link WebhookRoutes}). */
  public static final String WEBHOOKS = "/internal/v1/webhooks";

  /** What else this node does when another member announces a published broadcast or group post. */
  @FunctionalInterface
  public interface Announced {
    Announced NONE = (sender, id) -> { };

    /** Broadcast {@code id} of {@code sender}, or post {@code id} to group {@code sender}, is readable here. */
    void published(long sender, long id);
  }

  private final Letterbox box;
  private final ClusterMap cluster;
  private final Revocations revocations;
  private final Announced announced;

  public ClusterRoutes(Letterbox box, ClusterMap cluster, Revocations revocations, Announced announced) {
    this.box = box;
    this.cluster = cluster;
    this.revocations = revocations;
    this.announced = announced;
  }

  public void register(Routes routes, EngineCalls engine) {
    routes.add(GET, "/v1/cluster", ctx -> Replies.json(ctx, 200, engine.read(cluster::describe)));

    routes.addOpen(POST, DELIVERIES, ctx -> {
      member(ctx, cluster);
      int p = Params.integer(ctx, "p", 0, box.partitions().partitioning().count() - 1);
      long[] origins = JsonBody.of(ctx, "origins").ids("origins");
      Replies.noContent(ctx, engine.write(() -> box.partitions().deliver(p, origins)));
    });

    routes.addOpen(POST, PUBLISHED, ctx -> {
      member(ctx, cluster);
      JsonBody b = JsonBody.of(ctx, "sender", "id", "fannedOut");
      long sender = b.id("sender");
      long id = b.id("id");
      boolean fannedOut = b.optionalBoolean("fannedOut").orElse(false);
      Replies.noContent(ctx, engine.read(() -> {
        if (fannedOut) {
          box.partitions().fannedOut(sender, id);
        } else {
          box.partitions().published(sender, id);
          announced.published(sender, id);
        }
        return null;
      }));
    });

    routes.addOpen(POST, TYPING, ctx -> {
      member(ctx, cluster);
      JsonBody b = JsonBody.of(ctx, "gid", "from");
      long gid = b.id("gid");
      long from = b.id("from");
      box.live().typedInGroup(gid, from);
      Replies.noContent(ctx);
    });

    routes.addOpen(POST, REACTED, ctx -> {
      member(ctx, cluster);
      JsonBody b = JsonBody.of(ctx, "id", "by");
      box.live().reactedElsewhere(b.id("id"), b.id("by"));
      Replies.noContent(ctx);
    });

    routes.addOpen(POST, GROUP_PINS, ctx -> {
      member(ctx, cluster);
      box.live().groupPinsChangedElsewhere(JsonBody.of(ctx, "gid").id("gid"));
      Replies.noContent(ctx);
    });

    routes.addOpen(POST, REVOCATIONS, ctx -> {
      member(ctx, cluster);
      JsonBody b = JsonBody.of(ctx, "uid", "at");
      long uid = b.id("uid");
      long second = b.id("at");
      revocations.learned(uid, second);
      Replies.noContent(ctx);
    });
  }

  /**
   * Refuses a call not signed by a holder of the cluster secret, or seen before; with a listener
   * of the members' own ({@code cluster-port}), one that came on another port is no route (404).
   */
  static void member(RoutingContext ctx, ClusterMap cluster) {
    if (cluster.internalPort() > 0 && ctx.request().localAddress().port() != cluster.internalPort()) {
      throw new LetterboxException(ErrorCode.NOT_FOUND, "no route " + ctx.request().method() + " " + ctx.request().path());
    }
    byte[] body = ctx.body() == null || ctx.body().buffer() == null ? new byte[0] : ctx.body().buffer().getBytes();
    if (cluster.secret().verify(ctx.request().getHeader(ClusterSecret.HEADER), ctx.request().method().name(),
        ctx.request().uri(), body, Instant.now()).isEmpty()) {
      throw new LetterboxException(ErrorCode.UNAUTHORIZED,
          "internal routes take a fresh call signed with the cluster secret (" + ClusterSecret.HEADER + ")");
    }
  }
}
