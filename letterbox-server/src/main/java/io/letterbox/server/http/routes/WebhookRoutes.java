package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.GET;

import io.letterbox.engine.follow.FollowStatus;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.json.Times;
import io.letterbox.server.webhooks.Webhooks;

/**
 * {@code GET /v1/webhooks} (services only): the webhooks' URL and progress on this node (decision
 * 0040): {@code deliveredUpTo}, the time up to which every event of its partitions was delivered;
 * {@code lagEvents}, those not yet delivered; whether calls fail now, and the last failure.
 */
public final class WebhookRoutes {
  private final Webhooks webhooks;

  /** @param webhooks null when no webhook-url is set */
  public WebhookRoutes(Webhooks webhooks) {
    this.webhooks = webhooks;
  }

  record StatusView(String url, String deliveredUpTo, long lagEvents, boolean failing, String lastError) {}

  public void register(Routes routes) {
    routes.add(GET, "/v1/webhooks", ctx -> {
      if (webhooks == null) {
        Replies.json(ctx, 200, new StatusView(null, null, 0, false, null));
        return;
      }
      FollowStatus s = webhooks.status();
      Replies.json(ctx, 200, new StatusView(webhooks.url(),
          s.deliveredUpTo() == null ? null : Times.format(s.deliveredUpTo()), s.lagEvents(), s.failing(),
          s.lastError()));
    });
  }
}
