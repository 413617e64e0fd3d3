package io.letterbox.server;

import io.letterbox.engine.Letterbox;
import io.letterbox.server.auth.Revocations;
import io.letterbox.server.cluster.ClusterNode;
import io.letterbox.server.config.ServerConfig;
import io.letterbox.server.backup.OnlineBackups;
import io.letterbox.server.config.StoreLocation;
import io.letterbox.server.config.Cores;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.EventLoopServers;
import io.letterbox.server.http.HttpApi;
import io.letterbox.server.http.access.ConnectionLimit;
import io.letterbox.server.http.errors.ErrorResponder;
import io.letterbox.server.http.forwarding.HttpPeers;
import io.letterbox.server.http.forwarding.InternalChannel;
import io.letterbox.server.metrics.Metrics;
import io.letterbox.server.kafka.KafkaFeedConsumer;
import io.letterbox.server.http.routes.ClusterRoutes;
import io.letterbox.server.push.OfflinePush;
import io.letterbox.server.webhooks.Webhooks;
import io.letterbox.store.KeyValueStore;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpClient;
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
  private volatile EventLoopServers http;
  /** The members' own listener ({@code cluster-port}); null when they use the API's port. */
  private volatile EventLoopServers internalHttp;
  /** The change stream to Kafka; null when it is not set. */
  private volatile KafkaFeedConsumer changeStream;
  /** Offline push; null when push-url is not set. */
  private volatile OfflinePush push;
  private volatile OnlineBackups backups;
  private final AtomicBoolean ready = new AtomicBoolean();
  private final AtomicBoolean closed = new AtomicBoolean();

  private LetterboxServer(KeyValueStore store, Letterbox box, ClusterNode cluster, HttpClient client, Metrics metrics,
      Vertx vertx, EngineCalls engine) {
    this.store = store;
    this.box = box;
    this.cluster = cluster;
    this.client = client;
    this.metrics = metrics;
    this.vertx = vertx;
    this.engine = engine;
  }

  /** Opens everything and listens; returns once requests are answered. */
  public static LetterboxServer start(ServerConfig config) {
    if (config.apiKeys().isEmpty()) {
      log.warn("No api-keys configured: the API is open to anyone on this machine and listens on {} (loopback) "
          + "only. Set api-keys to require keys and to listen on other addresses.", config.host());
    }
    KeyValueStore store = config.store().open(Letterbox.SPACES);
    int cores = Cores.given();
    // An event loop per core, each serving its share of the connections; Vert.x's own blocking
    // pool (short store reads of the access checks) as large as the engine calls' pool.
    Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(cores)
        .setWorkerPoolSize(config.workerThreads()));
    HttpClient client = InternalChannel.client(vertx, cores);
    ClusterNode cluster = null;
    Letterbox box;
    OnlineBackups backups = null;
    try {
      backups = OnlineBackups.of(store, config.backupDir(), java.time.Clock.systemUTC());
      if (config.cluster() == null) {
        box = Letterbox.open(store, config.engineConfig());
      } else {
        StoreLocation.HBase hbase = (StoreLocation.HBase) config.store();
        cluster = new ClusterNode(config.cluster(), hbase.options().quorum(), hbase.options().namespace(), store);
        box = Letterbox.openNode(store, config.engineConfig(), new HttpPeers(client, cluster));
      }
    } catch (RuntimeException e) {
      vertx.close();
      if (backups != null) {
        backups.close();
      }
      store.close();
      throw e;
    }
    Metrics metrics = new Metrics();
    metrics.storeDiskBytes(store::diskBytes);
    metrics.storeSpaceBytes(store::diskBytesBySpace);
    metrics.engineCaches(box::cachedBytes);
    metrics.eventStreams(box.events()::openStreams);
    metrics.searchLag(box.search()::lag);
    Webhooks webhooks = config.webhooks().enabled()
        ? Webhooks.start(vertx, box.feedFollowers(), config.webhooks()) : null;
    if (webhooks != null) {
      metrics.webhookLag(() -> webhooks.status().lagEvents());
    }
    KafkaFeedConsumer changeStream = config.kafkaChangeStream().enabled()
        ? KafkaFeedConsumer.start(box.feedFollowers(), config.kafkaChangeStream()) : null;
    if (changeStream != null) {
      metrics.kafkaLag(() -> changeStream.status().lagEvents());
    }
    OfflinePush push = config.push().enabled()
        ? OfflinePush.start(vertx, box.feedFollowers(), box.pushReads(), config.push()) : null;
    if (push != null) {
      metrics.pushes(push::sent, push::failed);
    }
    EngineCalls engine = new EngineCalls(vertx, config.workerThreads(), config.maxPendingCalls());
    HttpServerOptions apiOptions = new HttpServerOptions()
        // A connection silent for client-timeout is closed: a stalled body got its 408 at
        // body-read-timeout, which is shorter, and event streams write a keep-alive well within it.
        .setIdleTimeout((int) config.clientTimeout().toSeconds())
        .setIdleTimeoutUnit(TimeUnit.SECONDS)
        // HTTP/2 cleartext only carries the cluster's internal calls. Without it a connection is
        // an HTTP/1 one from its first moment, and max-connections counts it before it says a
        // word (with it, Vert.x knows a connection only once its first bytes arrive).
        .setHttp2ClearTextEnabled(config.cluster() != null && config.cluster().listenPort() == 0)
        .setCompressionSupported(true);
    LetterboxServer server = new LetterboxServer(store, box, cluster, client, metrics, vertx, engine);
    server.backups = backups;
    server.changeStream = changeStream;
    server.push = push;
    int maxConnections = config.maxConnections() > 0 ? config.maxConnections() : ConnectionLimit.halfTheDescriptorsLeft();
    log.info("max-connections {}", maxConnections);
    ConnectionLimit connections = new ConnectionLimit(vertx, maxConnections);
    var router = HttpApi.router(vertx, box, engine, config, metrics, server.ready::get, cluster, client,
        new Revocations(store, blockingReads(vertx)), webhooks,
        push == null ? ClusterRoutes.Announced.NONE : push::announced, server.backups);
    var guarded = connections.guard(router);
    server.http = listen(server, vertx, cores, apiOptions, config.host(), config.port(), http -> {
      http.connectionHandler(connections);
      http.requestHandler(guarded);
      http.invalidRequestHandler(ErrorResponder::invalidRequest);
    });
    log.info("{} event loops serve the API", server.http.count());
    if (config.cluster() != null && config.cluster().listenPort() > 0) {
      // The members' own listener: the internal routes and the requests forwarded to this node
      // (the URL the others have is this one's), over HTTP/2 cleartext; not bound by
      // max-connections, since only the members connect, a few connections each.
      HttpServerOptions internalOptions = new HttpServerOptions()
          .setIdleTimeout((int) config.clientTimeout().toSeconds() * 2)
          .setIdleTimeoutUnit(TimeUnit.SECONDS)
          .setHttp2ClearTextEnabled(true)
          .setCompressionSupported(true);
      server.internalHttp = listen(server, vertx, cores, internalOptions, config.cluster().listenHost(),
          config.cluster().listenPort(), internal -> {
            internal.requestHandler(router);
            internal.invalidRequestHandler(ErrorResponder::invalidRequest);
          });
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
    log.info("Letterbox listening on http://{}:{} with data in {}", config.host(), server.http.actualPort(),
        config.store() instanceof StoreLocation.RocksDb rocks ? rocks.dir().toAbsolutePath() : config.store());
    return server;
  }

  private static EventLoopServers listen(LetterboxServer server, Vertx vertx, int loops, HttpServerOptions options,
      String host, int port, java.util.function.Consumer<io.vertx.core.http.HttpServer> handlers) {
    try {
      return EventLoopServers.listen(vertx, loops, options, host, port, handlers)
          .toCompletionStage().toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
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
    if (http != null) {
      await(http.close());
    }
    if (internalHttp != null) {
      await(internalHttp.close());
    }
    await(client.close());
    engine.close();
    if (push != null) {
      push.close();
    }
    await(vertx.close());
    try {
      if (changeStream != null) {
        changeStream.close();
      }
      box.close();
    } finally {
      if (backups != null) {
        backups.close();
      }
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
