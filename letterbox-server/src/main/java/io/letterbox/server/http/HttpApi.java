package io.letterbox.server.http;

import io.letterbox.engine.Letterbox;
import io.letterbox.server.config.ServerConfig;
import io.letterbox.server.http.access.Authentication;
import io.letterbox.server.http.access.LoopbackPages;
import io.letterbox.server.http.access.UserLimits;
import io.letterbox.server.http.errors.ErrorResponder;
import io.letterbox.server.http.forwarding.ClusterMap;
import io.letterbox.server.http.forwarding.Forwarder;
import io.letterbox.server.http.forwarding.HttpPeers;
import io.letterbox.server.http.hooks.BeforeSendHook;
import io.letterbox.server.http.hooks.HookedSends;
import io.letterbox.server.http.requests.BodyBudget;
import io.letterbox.server.http.requests.RequestFraming;
import io.letterbox.server.http.requests.RequestSyntax;
import io.letterbox.server.http.routes.BlobRoutes;
import io.letterbox.server.http.routes.BroadcastRoutes;
import io.letterbox.server.http.routes.CapRoutes;
import io.letterbox.server.http.routes.ExportRoutes;
import io.letterbox.server.http.routes.ClusterRoutes;
import io.letterbox.server.http.routes.ConversationRoutes;
import io.letterbox.server.http.routes.EventRoutes;
import io.letterbox.server.http.routes.GroupRoutes;
import io.letterbox.server.http.routes.MessageRoutes;
import io.letterbox.server.http.routes.ModerationRoutes;
import io.letterbox.server.http.routes.ReactionRoutes;
import io.letterbox.server.http.routes.OpsRoutes;
import io.letterbox.server.http.routes.RelationRoutes;
import io.letterbox.server.http.routes.RevocationRoutes;
import io.letterbox.server.http.routes.SearchRoutes;
import io.letterbox.server.http.routes.UserSettingsRoutes;
import io.letterbox.server.http.routes.WebRoutes;
import io.letterbox.server.metrics.Metrics;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import java.util.function.BooleanSupplier;

/** The HTTP API: every route of the implemented part of API.md, behind one error mapping. */
public final class HttpApi {
  private HttpApi() {}

  /**
   * @param cluster     the cluster this node is a member of; null for a single node
   * @param revocations when each user's tokens were last revoked
   * @param webhooks    the webhooks' delivery; null when no webhook-url is set
   * @param announced   told of each broadcast or group post another member announces
   * @param backups     the online backups of the store
   */
  public static Router router(Vertx vertx, Letterbox box, EngineCalls engine, ServerConfig config,
      Metrics metrics, BooleanSupplier ready, ClusterMap cluster, io.vertx.core.http.HttpClient client,
      io.letterbox.server.auth.Revocations revocations, io.letterbox.server.webhooks.Webhooks webhooks,
      ClusterRoutes.Announced announced, io.letterbox.server.backup.OnlineBackups backups) {
    Router router = Router.router(vertx);
    router.route().handler(new HttpMetrics(metrics.registry()));
    router.route().handler(new SafeServing());
    if (config.apiKeys().isEmpty()) {
      router.route().handler(new LoopbackPages());
    }
    router.route().handler(new RequestSyntax());
    router.route().handler(new RequestFraming(vertx, config.bodyReadTimeout()));
    var tokens = config.userTokens().enabled() ? new io.letterbox.server.auth.UserTokens(config.userTokens()) : null;
    var budget = new BodyBudget(config.maxBodyBufferBytes(),
        Math.max(config.maxBodyBytes(), config.engineConfig().maxBlobBytes()));
    Authentication authentication = new Authentication(config.apiKeys(), tokens, revocations);
    Routes routes = new Routes(router, authentication, authentication.revocationCheck(), config.maxBodyBytes(),
        budget, cluster == null ? null : new Forwarder(client, vertx.createWebSocketClient(), cluster),
        new UserLimits(config.userLimits(), metrics.registry()));
    var hooked = new HookedSends(BeforeSendHook.of(vertx, config.beforeSendHook(), metrics.registry()), engine, box);
    new MessageRoutes(box, engine, hooked).register(routes);
    if (box != null) {
      box.schedules().due().vetWith(hooked.dueSchedules());
    }
    new ConversationRoutes(box, engine).register(routes);
    new ExportRoutes(box, engine).register(routes);
    new CapRoutes(box, engine).register(routes);
    new RelationRoutes(box, engine).register(routes);
    new UserSettingsRoutes(box, engine).register(routes);
    new BroadcastRoutes(box, engine, hooked).register(routes);
    new GroupRoutes(box, engine, hooked).register(routes);
    new io.letterbox.server.http.routes.PinRoutes(box, engine).register(routes);
    new SearchRoutes(box, engine).register(routes);
    new ModerationRoutes(box, engine).register(routes);
    new ReactionRoutes(box, engine).register(routes);
    new io.letterbox.server.http.routes.ScheduleRoutes(box, engine).register(routes);
    new io.letterbox.server.http.routes.BackupRoutes(backups, engine).register(routes);
    new BlobRoutes(box, engine, config.engineConfig().maxBlobBytes(), config.inlineBlobTypes()).register(routes);
    EventRoutes events = new EventRoutes(box, engine, vertx, config.eventKeepAlive(), config.eventBufferBytes(),
        config.eventBufferTotalBytes());
    events.register(routes);
    metrics.eventBufferBytes(events::bufferedBytes);
    BooleanSupplier nodeReady = cluster == null ? ready : () -> ready.getAsBoolean() && cluster.ready();
    new OpsRoutes(metrics, nodeReady).register(routes, engine);
    new WebRoutes().register(routes);
    HttpPeers peers = cluster == null ? null : new HttpPeers(client, cluster);
    new io.letterbox.server.http.routes.WebhookRoutes(webhooks, cluster, peers).register(routes);
    new io.letterbox.server.http.routes.LiveRoutes(box, engine, cluster, peers).register(routes);
    RevocationRoutes revocationRoutes = new RevocationRoutes(revocations, peers);
    revocationRoutes.register(routes);
    new io.letterbox.server.http.routes.LifecycleRoutes(box, engine, revocationRoutes).register(routes);
    if (cluster != null) {
      new ClusterRoutes(box, cluster, revocations, announced).register(routes, engine);
    }
    // Unmatched paths (404), wrong methods (405) and anything a route failed to handle.
    for (int status : new int[] {400, 404, 405, 413, 415, 500}) {
      router.errorHandler(status, ErrorResponder::handle);
    }
    return router;
  }
}
