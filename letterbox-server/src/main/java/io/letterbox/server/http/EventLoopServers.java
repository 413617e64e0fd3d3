package io.letterbox.server.http;

import io.vertx.core.DeploymentOptions;
import io.vertx.core.Deployable;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * One listener served by several event loops: an {@link HttpServer} per event loop, each created
 * and listening on its own event-loop context, all on one port. Vert.x hands each new connection
 * to the next of them in turn, so the connections, and the event-loop work of their requests
 * (parsing, routing, writing answers), spread over every loop instead of all running on one
 * thread. The servers share their handlers, which are therefore called from several event loops
 * at once and must be safe to.
 */
public final class EventLoopServers {
  /**
   * What Vert.x takes as "one free port, shared by every server that asks for this number": a
   * server asking for port 0 gets a port of its own, so that the servers of one listener would not
   * share it.
   */
  static final int SHARED_FREE_PORT = -1;

  private final Vertx vertx;
  private final List<HttpServer> servers;
  private final String deployment;

  private EventLoopServers(Vertx vertx, List<HttpServer> servers, String deployment) {
    this.vertx = vertx;
    this.servers = List.copyOf(servers);
    this.deployment = deployment;
  }

  /**
   * Starts {@code count} servers of {@code options}, each given its handlers by {@code handlers},
   * listening on {@code host}:{@code port} ({@code 0}: one free port for all of them).
   *
   * @return the listener once every server listens; failed if one cannot
   */
  public static Future<EventLoopServers> listen(Vertx vertx, int count, HttpServerOptions options, String host,
      int port, Consumer<HttpServer> handlers) {
    if (count < 1) {
      throw new IllegalArgumentException("count must be >= 1");
    }
    int asked = port == 0 ? SHARED_FREE_PORT : port;
    List<HttpServer> servers = new CopyOnWriteArrayList<>();
    // Each instance of the deployment gets its own event-loop context, the next loop in turn.
    return vertx.deployVerticle(() -> (Deployable) context -> {
      HttpServer server = vertx.createHttpServer(options);
      handlers.accept(server);
      servers.add(server);
      return server.listen(asked, host);
    }, new DeploymentOptions().setInstances(count))
        .map(id -> new EventLoopServers(vertx, servers, id));
  }

  /** @return the port listened on (the one picked when 0 was asked for) */
  public int actualPort() {
    return servers.get(0).actualPort();
  }

  /** @return how many servers listen, one per event loop */
  public int count() {
    return servers.size();
  }

  /** Stops listening: every server closes, then their deployment ends. */
  public Future<Void> close() {
    return Future.all(servers.stream().map(HttpServer::close).toList())
        .compose(closed -> vertx.undeploy(deployment));
  }
}
