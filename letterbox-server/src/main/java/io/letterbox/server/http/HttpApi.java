package io.letterbox.server.http;

import io.letterbox.engine.Letterbox;
import io.letterbox.server.config.ServerConfig;
import io.letterbox.server.metrics.Metrics;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import java.util.function.BooleanSupplier;

/** The HTTP API: every route of the implemented part of API.md, behind one error mapping. */
public final class HttpApi {
  private HttpApi() {}

  public static Router router(Vertx vertx, Letterbox box, EngineCalls engine, ServerConfig config,
      Metrics metrics, BooleanSupplier ready) {
    Router router = Router.router(vertx);
    router.route().handler(new HttpMetrics(metrics.registry()));
    router.route().handler(new RequestSyntax());
    Routes routes = new Routes(router, new ApiKeyAuth(config.apiKeys()), config.maxBodyBytes());
    new MessageRoutes(box, engine).register(routes);
    new ConversationRoutes(box, engine).register(routes);
    new CapRoutes(box, engine).register(routes);
    new RelationRoutes(box, engine).register(routes);
    new BroadcastRoutes(box, engine).register(routes);
    new OpsRoutes(metrics, ready).register(routes, engine);
    // Unmatched paths (404), wrong methods (405) and anything a route failed to handle.
    for (int status : new int[] {400, 404, 405, 413, 415, 500}) {
      router.errorHandler(status, ErrorResponder::handle);
    }
    return router;
  }
}
