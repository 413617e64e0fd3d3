package io.letterbox.server;

import io.letterbox.engine.Letterbox;
import io.letterbox.server.auth.Revocations;
import io.letterbox.server.cluster.ClusterNode;
import io.letterbox.server.config.ServerConfig;
import io.letterbox.server.config.StoreLocation;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.HttpApi;
import io.letterbox.server.http.access.ConnectionLimit;
import io.letterbox.server.http.errors.ErrorResponder;
import io.letterbox.server.http.forwarding.HttpPeers;
import io.letterbox.server.http.forwarding.InternalChannel;
import io.letterbox.server.metrics.Metrics;
import io.letterbox.store.KeyValueStore;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running Letterbox: store, engine and HTTP server, opened in that order and closed in the
 * reverse one. {@link #close()} stops taking requests first, so that nothing reaches a closed
 * engine, and closes the engine before the store, so that acknowledged writes are on disk.
 */
public final class LetterboxServer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(LetterboxServer.class);
  private static final long WAIT_SECONDS = 30;

  private final KeyValueStore store;
  private final Letterbox box;
  private final ClusterNode cluster;
  private final HttpClient client;
  private final Metrics metrics;
  private final Vertx vertx;
  private final EngineCalls engine;
  private final HttpServer http;
  /** The members' own listener ({@code cluster-port}); null when they use the API's port. */
  private HttpServer internalHttp;
  private final AtomicBoolean ready = new AtomicBoolean();
  private final AtomicBoolean closed = new AtomicBoolean();

  private LetterboxServer(KeyValueStore store, Letterbox box, ClusterNode cluster, HttpClient client, Metrics metrics,
      Vertx vertx, EngineCalls engine, HttpServer http) {
    this.store = store;
    this.box = box;
    this.cluster = cluster;
    this.client = client;
    this.metrics = metrics;
    this.vertx = vertx;
    this.engine = engine;
    this.http = http;
  }

  /** Opens everything and listens; returns once requests are answered. */
  public static LetterboxServer start(ServerConfig config) {
    if (config.apiKeys().isEmpty()) {
      log.warn("No api-keys configured: the API is open to anyone on this machine and listens on {} (loopback) "
          + "only. Set api-keys to require keys and to listen on other addresses.", config.host());
    }
    KeyValueStore store = config.store().open(Letterbox.SPACES);
    Vertx vertx = Vertx.vertx(new VertxOptions());
    HttpClient client = InternalChannel.client(vertx);
    ClusterNode cluster = null;
    Letterbox box;
    try {
      if (config.cluster() == null) {
        box = Letterbox.open(store, config.engineConfig());
      } else {
        StoreLocation.HBase hbase = (StoreLocation.HBase) config.store();
        cluster = new ClusterNode(config.cluster(), hbase.options().quorum(), hbase.options().namespace(), store);
        box = Letterbox.openNode(store, config.engineConfig(), new HttpPeers(client, cluster));
      }
    } catch (RuntimeException e) {
      vertx.close();
      store.close();
      throw e;
    }
    Metrics metrics = new Metrics();
    metrics.storeDiskBytes(store::diskBytes);
    metrics.storeSpaceBytes(store::diskBytesBySpace);
    metrics.engineCaches(box::cachedBytes);
    metrics.eventStreams(box.events()::openStreams);
    metrics.searchLag(box.search()::lag);
    EngineCalls engine = new EngineCalls(vertx, config.workerThreads(), config.maxPendingCalls());
    HttpServer http = vertx.createHttpServer(new HttpServerOptions()
        .setHost(config.host())
        .setPort(config.port())
        // A connection silent for client-timeout is closed: a stalled body got its 408 at
        // body-read-timeout, which is shorter, and event streams write a keep-alive well within it.
        .setIdleTimeout((int) config.clientTimeout().toSeconds())
        .setIdleTimeoutUnit(TimeUnit.SECONDS)
        // HTTP/2 cleartext only carries the cluster's internal calls. Without it a connection is
        // an HTTP/1 one from its first moment, and max-connections counts it before it says a
        // word (with it, Vert.x knows a connection only once its first bytes arrive).
        .setHttp2ClearTextEnabled(config.cluster() != null && config.cluster().listenPort() == 0)
        .setCompressionSupported(true));
    LetterboxServer server = new LetterboxServer(store, box, cluster, client, metrics, vertx, engine, http);
    int maxConnections = config.maxConnections() > 0 ? config.maxConnections() : ConnectionLimit.halfTheDescriptorsLeft();
    log.info("max-connections {}", maxConnections);
    ConnectionLimit connections = new ConnectionLimit(vertx, maxConnections);
    http.connectionHandler(connections);
    var router = HttpApi.router(vertx, box, engine, config, metrics, server.ready::get, cluster, client,
        new Revocations(store, blockingReads(vertx)));
    http.requestHandler(connections.guard(router));
    http.invalidRequestHandler(ErrorResponder::invalidRequest);
    listen(server, http, config.host(), config.port());
    if (config.cluster() != null && config.cluster().listenPort() > 0) {
      // The members' own listener: the internal routes and the requests forwarded to this node
      // (the URL the others have is this one's), over HTTP/2 cleartext; not bound by
      // max-connections, since only the members connect, a few connections each.
      server.internalHttp = vertx.createHttpServer(new HttpServerOptions()
          .setHost(config.cluster().listenHost())
          .setPort(config.cluster().listenPort())
          .setIdleTimeout((int) config.clientTimeout().toSeconds() * 2)
          .setIdleTimeoutUnit(TimeUnit.SECONDS)
          .setHttp2ClearTextEnabled(true)
          .setCompressionSupported(true));
      server.internalHttp.requestHandler(router);
      server.internalHttp.invalidRequestHandler(ErrorResponder::invalidRequest);
      listen(server, server.internalHttp, config.cluster().listenHost(), config.cluster().listenPort());
    }
    if (cluster != null) {
      // Listening first: the other members forward and deliver here as soon as they see this one.
      try {
        cluster.join(box);
      } catch (RuntimeException e) {
        server.close();
        throw e;
      }
      log.info("Letterbox node {} joined the cluster of {} ({} partitions)", config.cluster().node(),
          config.store(), box.partitions().partitioning().count());
    }
    server.ready.set(true);
    log.info("Letterbox listening on http://{}:{} with data in {}", config.host(), http.actualPort(),
        config.store() instanceof StoreLocation.RocksDb rocks ? rocks.dir().toAbsolutePath() : config.store());
    return server;
  }

  private static void listen(LetterboxServer server, HttpServer listener, String host, int port) {
    try {
      listener.listen().toCompletionStage().toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (Exception e) {
      server.close();
      throw new IllegalStateException("cannot listen on " + host + ":" + port + ": "
          + (e.getCause() != null ? e.getCause().getMessage() : e), e);
    }
  }

  /** @return an executor of short blocking reads on Vert.x's worker threads */
  private static java.util.concurrent.Executor blockingReads(Vertx vertx) {
    return command -> vertx.executeBlocking(() -> {
      command.run();
      return null;
    }, false);
  }

  /** @return the port actually listened on (useful with port 0) */
  public int port() {
    return http.actualPort();
  }

  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    ready.set(false);
    if (cluster != null) {
      // Partitions first: the other members take them while this one still forwards to them.
      cluster.close();
    }
    await(http.close());
    if (internalHttp != null) {
      await(internalHttp.close());
    }
    await(client.close());
    engine.close();
    await(vertx.close());
    try {
      box.close();
    } finally {
      store.close();
      metrics.close();
    }
    log.info("Letterbox stopped");
  }

  private static void await(io.vertx.core.Future<Void> f) {
    try {
      f.toCompletionStage().toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (Exception e) {
      log.warn("while stopping: {}", e.toString());
    }
  }
}
