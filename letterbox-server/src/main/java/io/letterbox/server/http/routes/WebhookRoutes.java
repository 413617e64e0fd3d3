package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.GET;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.engine.follow.FollowStatus;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.forwarding.ClusterMap;
import io.letterbox.server.http.forwarding.HttpPeers;
import io.letterbox.server.http.json.Times;
import io.letterbox.server.webhooks.Webhooks;
import io.vertx.core.Future;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * {@code GET /v1/webhooks} (services only): the webhooks' URL and progress (decision 0040), over
 * the whole cluster: {@code deliveredUpTo}, the time up to which every event of every partition
 * was delivered (the earliest of the members'); {@code lagEvents}, those not yet delivered (their
 * sum); whether calls fail now on any member, and a last failure. A member that does not say
 * within {@link #MEMBER_TIMEOUT_MILLIS} counts as failing, its address in {@code lastError}. Each
 * member delivers its own partitions and answers for them on {@link ClusterRoutes#WEBHOOKS}.
 */
public final class WebhookRoutes {
  static final long MEMBER_TIMEOUT_MILLIS = 2_000;

  private final Webhooks webhooks;
  private final ClusterMap cluster;
  private final HttpPeers peers;

  /**
   * @param webhooks null when no webhook-url is set
   * @param cluster  null for a single node
   * @param peers    the other members; null for a single node
   */
  public WebhookRoutes(Webhooks webhooks, ClusterMap cluster, HttpPeers peers) {
    this.webhooks = webhooks;
    this.cluster = cluster;
    this.peers = peers;
  }

  record StatusView(String url, String deliveredUpTo, long lagEvents, boolean failing, String lastError) {}

  public void register(Routes routes) {
    routes.add(GET, "/v1/webhooks", ctx -> {
      if (webhooks == null || peers == null) {
        Replies.json(ctx, 200, local());
        return;
      }
      Replies.json(ctx, 200, Future.fromCompletionStage(
          peers.getFromOthers(ClusterRoutes.WEBHOOKS, MEMBER_TIMEOUT_MILLIS).thenApply(this::merged),
          ctx.vertx().getOrCreateContext()));
    });
    if (cluster != null) {
      routes.addOpen(GET, ClusterRoutes.WEBHOOKS, ctx -> {
        ClusterRoutes.member(ctx, cluster);
        Replies.json(ctx, 200, local());
      });
    }
  }

  /** This member's own status. */
  private StatusView local() {
    if (webhooks == null) {
      return new StatusView(null, null, 0, false, null);
    }
    FollowStatus s = webhooks.status();
    return new StatusView(webhooks.url(), s.deliveredUpTo() == null ? null : Times.format(s.deliveredUpTo()),
        s.lagEvents(), s.failing(), s.lastError());
  }

  /** This member's status together with the others' answers. */
  private StatusView merged(Map<URI, CompletableFuture<JsonNode>> others) {
    List<StatusView> all = new ArrayList<>();
    all.add(local());
    for (Map.Entry<URI, CompletableFuture<JsonNode>> answer : others.entrySet()) {
      try {
        JsonNode n = answer.getValue().join();
        all.add(new StatusView(text(n, "url"), text(n, "deliveredUpTo"), n.path("lagEvents").asLong(),
            n.path("failing").asBoolean(), text(n, "lastError")));
      } catch (CompletionException e) {
        all.add(new StatusView(null, null, 0, true, "member " + answer.getKey() + " did not say: "
            + (e.getCause() == null ? e : e.getCause()).getMessage()));
      }
    }
    Instant upTo = null;
    long lag = 0;
    boolean failing = false;
    String lastError = null;
    for (StatusView s : all) {
      if (s.deliveredUpTo() != null) {
        Instant t = Times.parse("deliveredUpTo", s.deliveredUpTo());
        upTo = upTo == null || t.isBefore(upTo) ? t : upTo;
      }
      lag += s.lagEvents();
      failing |= s.failing();
      lastError = lastError == null ? s.lastError() : lastError;
    }
    return new StatusView(webhooks.url(), upTo == null ? null : Times.format(upTo), lag, failing, lastError);
  }

  private static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || v.isNull() ? null : v.asText();
  }
}
