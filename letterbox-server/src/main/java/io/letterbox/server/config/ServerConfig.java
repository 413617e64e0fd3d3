package io.letterbox.server.config;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.hbase.HBaseStoreOptions;
import io.letterbox.rocksdb.RocksStoreOptions;
import io.letterbox.id.Ids;
import io.letterbox.model.FrequencyCap;
import java.io.IOException;
import java.io.Reader;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Every setting of the server, the single home of its name, default and meaning. Built with
 * {@link #builder()}, from a properties file ({@link Builder#load}) or key by key
 * ({@link Builder#set}); keys are dashed lower-case, as in the file. The engine's settings keep
 * their defaults in {@link LetterboxConfig.Builder} and an HBase store's in
 * {@link HBaseStoreOptions.Builder}; this class only names them as keys.
 *
 * @param host           address to listen on
 * @param port           TCP port; 0 picks a free one
 * @param dataDir        directory of the RocksDB store (with {@code store=rocksdb})
 * @param apiKeys        bearer keys that clients present; empty means loopback-only access
 * @param maxBodyBytes   largest request body accepted
 * @param workerThreads  threads that run engine calls off the event loop
 * @param maxBodyBufferBytes request bodies held in memory at once, all requests together, counted
 *                       as their bytes arrive (not as their Content-Length declares); a body
 *                       that finds no room is 429 {@code OVERLOADED}, and one user (a user
 *                       token) may hold at most a quarter of it (or one largest body, if more),
 *                       past which its request is 429 {@code RATE_LIMITED} (default: a quarter
 *                       of the heap's maximum)
 * @param maxPendingCalls engine calls queued, running or waiting to be durable at once; past it a
 *                       request is 429 {@code OVERLOADED} with Retry-After
 * @param maxConnections client connections open at once; past it a new connection's requests are
 *                       429 {@code OVERLOADED} and it is closed, so that the process keeps file
 *                       descriptors for its store; 0 (the default): half the descriptors the
 *                       process has left once its store is open
 * @param eventKeepAlive how often an idle event stream gets a keep-alive (an SSE comment, a
 *                       WebSocket ping); at most 15 s, which proxies keep open
 * @param clientTimeout  how long a connection may be silent (nothing read or written) before it
 *                       is closed; more than event-keep-alive and more than body-read-timeout
 * @param bodyReadTimeout how long a request body may take to arrive after its headers: past it the
 *                       request is 408 {@code REQUEST_TIMEOUT}, the bytes it held are given back
 *                       and its connection is closed
 * @param eventBufferBytes unsent bytes an event stream may hold for a slow client before it is
 *                       closed with {@code SLOW_CONSUMER} (the client resumes from its position)
 * @param eventBufferTotalBytes unsent bytes of all event streams together; the stream whose event
 *                       would pass it is closed with {@code SLOW_CONSUMER} (default: an eighth
 *                       of the heap's maximum)
 * @param engineConfig   the engine's settings: max-text-length, devices, default-cap, node-id,
 *                       max-import-batch, cached-head-bytes, cached-group-head-bytes, cached-message-bytes,
 *                       cached-audience-bytes, cached-broadcast-id-bytes, max-audience-uids, normal-lane-threads,
 *                       high-lane-threads, prewarm-min-receivers, fanout-attempts,
 *                       fanout-retry-delay, partitions, delivery-wait, requests-folder,
 *                       max-blob-bytes, recall-window, edit-window, sync-retention,
 *                       max-group-members, search and search-wait
 * @param store          where the data lives: {@code store=rocksdb} (in data-dir, with
 *                       rocksdb-block-cache-bytes of block cache) or
 *                       {@code store=hbase}: hbase-quorum, hbase-namespace, hbase-salt-buckets,
 *                       hbase-fsync-wal, and any HBase client setting as hbase-client.NAME
 * @param cluster        with {@code cluster=true} (and store=hbase): this node's membership of
 *                       a cluster (cluster-node, cluster-url, cluster-secret,
 *                       cluster-session-timeout, zookeeper-auth, cluster-port, cluster-host); null
 *                       for a single node
 * @param userTokens     how user tokens (JWTs) are verified: user-token-secret, user-token-jwks,
 *                       user-token-issuer, user-token-audience (set it in production, so that a
 *                       token the issuer made for another service is refused), user-token-clock-skew,
 *                       user-token-max-ttl
 * @param inlineBlobTypes the media types of blobs served to be shown in place; a blob of another
 *                       type is served with {@code Content-Disposition: attachment} and
 *                       {@code Content-Security-Policy: sandbox}
 * @param userLimits     what one user token may do on this node: user-sends-per-second,
 *                       user-streams, user-uploads, user-blob-bytes-per-day, user-groups-per-day,
 *                       user-member-adds-per-day, user-searches-per-second (0: no limit)
 */
public record ServerConfig(
    String host,
    int port,
    Path dataDir,
    List<String> apiKeys,
    int maxBodyBytes,
    long maxBodyBufferBytes,
    int workerThreads,
    int maxPendingCalls,
    int maxConnections,
    Duration eventKeepAlive,
    Duration clientTimeout,
    Duration bodyReadTimeout,
    long eventBufferBytes,
    long eventBufferTotalBytes,
    LetterboxConfig engineConfig,
    StoreLocation store,
    ClusterSettings cluster,
    UserTokenSettings userTokens,
    InlineBlobTypes inlineBlobTypes,
    UserLimitSettings userLimits) {

  public static Builder builder() {
    return new Builder();
  }

  /** @return whether the server is reachable only from this machine. */
  public boolean loopbackOnly() {
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      throw new ConfigException("host cannot be resolved: " + host);
    }
  }

  public static final class Builder {
    private static final String HBASE_CLIENT = "hbase-client.";

    // Loopback by default: a server started without api-keys must not be reachable from outside.
    private String host = "127.0.0.1";
    private int port = 8080;
    private Path dataDir = Path.of("data");
    // No keys by default; then only loopback binding is allowed (see build()).
    private List<String> apiKeys = List.of();
    // 1 MiB: far above the largest valid message (4,000 characters) and a full import batch.
    private int maxBodyBytes = 1 << 20;
    // A quarter of the heap (0 here: read at build time): bodies are buffered whole, and a few
    // hundred uploads of max-blob-bytes at once would take the heap; what it leaves is the engine's.
    private long maxBodyBufferBytes;
    // Engine reads take up to ~1 ms each; 32 threads keep the event loops free at ~30k reads/s.
    private int workerThreads = 32;
    // 4,096: ~100 ms of work at 40k calls/s, a few MiB of small requests; a flood past it is
    // refused at once rather than queued in memory behind every later request.
    private int maxPendingCalls = 4096;
    // 0: half the descriptors left under the open-file limit once the store is open (read at
    // start). Each connection is a descriptor, and the store (every table file of RocksDB) needs
    // more as it grows: a connection past the limit costs a refusal, a descriptor past it a
    // failed flush.
    private int maxConnections;
    // API.md: a comment at least every 15 s keeps proxies from closing an idle stream.
    private Duration eventKeepAlive = Duration.ofSeconds(15);
    // 30 s: twice event-keep-alive, so an idle event stream is never cut, and long past
    // body-read-timeout, so a stalled body gets its 408 before its connection is closed.
    private Duration clientTimeout = Duration.ofSeconds(30);
    // API.md, 10 s: a phone on a bad network sends a 1 MiB body well within it; a client trickling
    // bytes to hold connections and body buffers (slowloris) is cut off after it.
    private Duration bodyReadTimeout = Duration.ofSeconds(10);
    // 1 MiB: a few thousand events; a client that far behind reconnects and syncs instead.
    private long eventBufferBytes = 1L << 20;
    // An eighth of the heap (0 here: read at build time): each stream's buffer is bounded, but
    // streams are as many as connections, so their sum needs a bound of its own.
    private long eventBufferTotalBytes;
    // The engine's settings; each value's default and meaning are LetterboxConfig's.
    private final LetterboxConfig.Builder engine = LetterboxConfig.builder();
    // The embedded store; hbase when the data outgrows one machine (docs/hbase.md).
    private String store = "rocksdb";
    // 1 GiB: history reads that miss it go to disk (docs/benchmarks.md: 5M messages read
    // 2-3x faster with 3 GiB than with 256 MiB). Give it a good share of the machine's memory.
    private long rocksdbBlockCacheBytes = 1L << 30;
    // Where an HBase store lives; each value's default and meaning are HBaseStoreOptions'.
    private final HBaseStoreOptions.Builder hbase = HBaseStoreOptions.builder();
    private final Map<String, String> hbaseClient = new TreeMap<>();
    private boolean cluster;
    private String clusterNode;
    private String clusterUrl;
    private String clusterSecret;
    // ZooKeeper's usual bounds are 2..20 ticks of 2 s; 10 s moves a dead node's partitions soon
    // without counting a long GC pause as a death.
    private Duration clusterSessionTimeout = Duration.ofSeconds(10);
    // None: like HBase's own znodes by default, the cluster's are open, and start warns. Set it
    // (digest:user:password) so that only the nodes can register or remove members.
    private String zookeeperAuth;
    // None: the internal routes share the API's port, guarded by their signatures. Set it to serve
    // them (and the forwarded requests) on a listener of their own, on a private interface.
    private int clusterPort;
    // The API's host: set it to a private interface to keep the members' listener off the public one.
    private String clusterHost;
    // No user tokens unless a secret or a JWKS file is given: then only service keys act.
    private String userTokenSecret;
    private Path userTokenJwks;
    private String userTokenIssuer;
    private String userTokenAudience;
    // Clocks of the issuer and this server may differ a little: exp and nbf get this much slack.
    private Duration userTokenClockSkew = Duration.ofSeconds(60);
    // A day: a platform renews tokens well within it, and a leaked one stops working by itself
    // the next day even if nobody revokes it; a token claiming to last longer is refused.
    private Duration userTokenMaxTtl = Duration.ofDays(1);
    // Images, sound, video and plain text, which browsers show without running anything; HTML,
    // SVG and the rest could run script on the API's origin, so they are downloads.
    private List<String> inlineBlobTypes =
        List.of("image/png", "image/jpeg", "image/gif", "image/webp", "audio/*", "video/*", "text/plain");
    // API.md's per-user limits (decision 0021). 20 sends a second, bursts of 40: far above what a
    // person types, far below what a script floods.
    private long userSendsPerSecond = 20;
    // 10 streams: a user's phone, desktop and browser tabs, each reconnecting, with room to spare.
    private int userStreams = 10;
    // 2 uploads at once: each holds up to max-blob-bytes of memory while its body arrives.
    private int userUploads = 2;
    // 1 GiB a day: hundreds of photos; a user storing more is not sending attachments.
    private long userBlobBytesPerDay = 1L << 30;
    // 50 groups a day and 1,000 members added: a busy organiser, not a spammer's mass invitations.
    private long userGroupsPerDay = 50;
    private long userMemberAddsPerDay = 1_000;
    // 5 searches a second: a person typing; each search reads the index.
    private long userSearchesPerSecond = 5;

    public Builder host(String v) { host = v; return this; }
    public Builder port(int v) { port = v; return this; }
    public Builder dataDir(Path v) { dataDir = v; return this; }
    public Builder apiKeys(List<String> v) { apiKeys = List.copyOf(v); return this; }
    public Builder maxBodyBytes(int v) { maxBodyBytes = v; return this; }
    public Builder maxTextLength(int v) { engine.maxTextLength(v); return this; }
    public Builder devices(List<String> v) { engine.devices(List.copyOf(v)); return this; }
    public Builder defaultCap(FrequencyCap v) { engine.defaultCap(v); return this; }
    public Builder nodeId(int v) { engine.node(v); return this; }
    public Builder maxImportBatch(int v) { engine.maxImportBatch(v); return this; }
    public Builder cachedHeadBytes(long v) { engine.cachedHeadBytes(v); return this; }
    public Builder requestsFolder(boolean v) { engine.requestsFolder(v); return this; }
    public Builder maxBlobBytes(long v) { engine.maxBlobBytes(v); return this; }
    public Builder cachedMessageBytes(long v) { engine.cachedMessageBytes(v); return this; }
    public Builder workerThreads(int v) { workerThreads = v; return this; }
    public Builder eventKeepAlive(Duration v) { eventKeepAlive = v; return this; }
    public Builder clientTimeout(Duration v) { clientTimeout = v; return this; }
    public Builder bodyReadTimeout(Duration v) { bodyReadTimeout = v; return this; }
    public Builder maxPendingCalls(int v) { maxPendingCalls = v; return this; }
    public Builder maxBodyBufferBytes(long v) { maxBodyBufferBytes = v; return this; }
    public Builder eventBufferTotalBytes(long v) { eventBufferTotalBytes = v; return this; }
    public Builder maxConnections(int v) { maxConnections = v; return this; }
    public Builder eventBufferBytes(long v) { eventBufferBytes = v; return this; }
    public Builder cachedAudienceBytes(long v) { engine.cachedAudienceBytes(v); return this; }
    public Builder cachedBroadcastIdBytes(long v) { engine.cachedBroadcastIdBytes(v); return this; }
    public Builder maxAudienceUids(int v) { engine.maxAudienceUids(v); return this; }
    public Builder normalLaneThreads(int v) { engine.normalLaneThreads(v); return this; }
    public Builder highLaneThreads(int v) { engine.highLaneThreads(v); return this; }
    public Builder prewarmMinReceivers(long v) { engine.prewarmMinReceivers(v); return this; }
    public Builder fanoutAttempts(int v) { engine.fanoutAttempts(v); return this; }
    public Builder fanoutRetryDelay(Duration v) { engine.fanoutRetryDelay(v); return this; }
    public Builder store(String v) { store = v; return this; }
    public Builder rocksdbBlockCacheBytes(long v) { rocksdbBlockCacheBytes = v; return this; }
    public Builder hbaseQuorum(String v) { hbase.quorum(v); return this; }
    public Builder hbaseNamespace(String v) { hbase.namespace(v); return this; }
    public Builder userTokenSecret(String v) { userTokenSecret = v; return this; }
    public Builder userTokenJwks(Path v) { userTokenJwks = v; return this; }
    public Builder userTokenIssuer(String v) { userTokenIssuer = v; return this; }
    public Builder userTokenAudience(String v) { userTokenAudience = v; return this; }
    public Builder userTokenMaxTtl(Duration v) { userTokenMaxTtl = v; return this; }
    public Builder inlineBlobTypes(List<String> v) { inlineBlobTypes = List.copyOf(v); return this; }
    public Builder userSendsPerSecond(long v) { userSendsPerSecond = v; return this; }
    public Builder userStreams(int v) { userStreams = v; return this; }
    public Builder userUploads(int v) { userUploads = v; return this; }
    public Builder userBlobBytesPerDay(long v) { userBlobBytesPerDay = v; return this; }
    public Builder userGroupsPerDay(long v) { userGroupsPerDay = v; return this; }
    public Builder userMemberAddsPerDay(long v) { userMemberAddsPerDay = v; return this; }
    public Builder userSearchesPerSecond(long v) { userSearchesPerSecond = v; return this; }

    /** Sets the setting named {@code key} (as in the file) from its text form. */
    public Builder set(String key, String value) {
      String v = value.trim();
      switch (key) {
        case "host" -> host(v);
        case "port" -> port(ConfigValues.integer(key, v, 0, 65_535));
        case "data-dir" -> dataDir(Path.of(v));
        case "api-keys" -> apiKeys(ConfigValues.list(v));
        case "max-body-bytes" -> maxBodyBytes(ConfigValues.integer(key, v, 1, Integer.MAX_VALUE));
        case "max-text-length" -> maxTextLength(ConfigValues.integer(key, v, 1, Integer.MAX_VALUE));
        case "devices" -> devices(ConfigValues.list(v));
        case "default-cap" -> defaultCap(v.isEmpty() ? null : ConfigValues.cap(key, v));
        case "node-id" -> nodeId(ConfigValues.integer(key, v, 0, Ids.MAX_NODE));
        case "max-import-batch" -> maxImportBatch(ConfigValues.integer(key, v, 1, Integer.MAX_VALUE));
        case "cached-head-bytes" -> cachedHeadBytes(ConfigValues.longValue(key, v));
        case "cached-group-head-bytes" -> engine.cachedGroupHeadBytes(ConfigValues.longValue(key, v));
        case "cached-message-bytes" -> cachedMessageBytes(ConfigValues.longValue(key, v));
        case "worker-threads" -> workerThreads(ConfigValues.integer(key, v, 1, 1024));
        case "cached-audience-bytes" -> cachedAudienceBytes(ConfigValues.longValue(key, v));
        case "cached-broadcast-id-bytes" -> cachedBroadcastIdBytes(ConfigValues.longValue(key, v));
        case "max-audience-uids" -> maxAudienceUids(ConfigValues.integer(key, v, 1, Integer.MAX_VALUE));
        case "normal-lane-threads" -> normalLaneThreads(ConfigValues.integer(key, v, 1, 64));
        case "high-lane-threads" -> highLaneThreads(ConfigValues.integer(key, v, 1, 64));
        case "prewarm-min-receivers" -> prewarmMinReceivers(ConfigValues.longValue(key, v));
        case "fanout-attempts" -> fanoutAttempts(ConfigValues.integer(key, v, 1, Integer.MAX_VALUE));
        case "fanout-retry-delay" -> fanoutRetryDelay(ConfigValues.duration(key, v));
        case "store" -> store(ConfigValues.oneOf(key, v, "rocksdb", "hbase"));
        case "rocksdb-block-cache-bytes" -> rocksdbBlockCacheBytes(ConfigValues.longValue(key, v, 1L << 20));
        case "hbase-quorum" -> hbaseQuorum(v);
        case "hbase-namespace" -> hbaseNamespace(v);
        case "hbase-salt-buckets" -> hbase.saltBuckets(ConfigValues.integer(key, v, 1, 256));
        case "hbase-fsync-wal" -> hbase.fsyncWal(ConfigValues.bool(key, v));
        case "partitions" -> engine.partitions(ConfigValues.integer(key, v, 1, io.letterbox.engine.partition.Partitioning.MAX));
        case "delivery-wait" -> engine.deliveryWait(ConfigValues.duration(key, v));
        case "requests-folder" -> engine.requestsFolder(ConfigValues.bool(key, v));
        case "search" -> engine.search(ConfigValues.bool(key, v));
        case "search-wait" -> engine.searchWait(ConfigValues.duration(key, v));
        case "recall-window" -> engine.recallWindow(ConfigValues.duration(key, v));
        case "edit-window" -> engine.editWindow(ConfigValues.duration(key, v));
        case "sync-retention" -> engine.syncRetention(ConfigValues.duration(key, v));
        case "max-group-members" -> engine.maxGroupMembers(ConfigValues.integer(key, v, 2, 10_000_000));
        case "event-keep-alive" -> eventKeepAlive(ConfigValues.duration(key, v));
        case "client-timeout" -> clientTimeout(ConfigValues.duration(key, v));
        case "body-read-timeout" -> bodyReadTimeout(ConfigValues.duration(key, v));
        case "max-pending-calls" -> maxPendingCalls(ConfigValues.integer(key, v, 1, 1 << 20));
        case "max-body-buffer-bytes" -> maxBodyBufferBytes(ConfigValues.longValue(key, v, 1024, 1L << 40));
        case "event-buffer-total-bytes" -> eventBufferTotalBytes(ConfigValues.longValue(key, v, 1024, 1L << 40));
        case "max-connections" -> maxConnections(ConfigValues.integer(key, v, 0, 1 << 24));
        case "event-buffer-bytes" -> eventBufferBytes(ConfigValues.longValue(key, v, 1024, 1L << 30));
        case "max-blob-bytes" -> maxBlobBytes(ConfigValues.longValue(key, v, 1, io.letterbox.blob.Blobs.MAX_BYTES));
        case "user-token-secret" -> userTokenSecret = v.isEmpty() ? null : v;
        case "user-token-jwks" -> userTokenJwks = v.isEmpty() ? null : Path.of(v);
        case "user-token-issuer" -> userTokenIssuer = v.isEmpty() ? null : v;
        case "user-token-audience" -> userTokenAudience = v.isEmpty() ? null : v;
        case "user-token-clock-skew" -> userTokenClockSkew = ConfigValues.duration(key, v);
        case "user-token-max-ttl" -> userTokenMaxTtl(ConfigValues.duration(key, v));
        case "inline-blob-types" -> inlineBlobTypes(ConfigValues.list(v));
        case "user-sends-per-second" -> userSendsPerSecond(ConfigValues.longValue(key, v, 0, 1_000_000));
        case "user-streams" -> userStreams(ConfigValues.integer(key, v, 0, 1_000_000));
        case "user-uploads" -> userUploads(ConfigValues.integer(key, v, 0, 1_000_000));
        case "user-blob-bytes-per-day" -> userBlobBytesPerDay(ConfigValues.longValue(key, v, 0, 1L << 50));
        case "user-groups-per-day" -> userGroupsPerDay(ConfigValues.longValue(key, v, 0, 1_000_000_000));
        case "user-member-adds-per-day" -> userMemberAddsPerDay(ConfigValues.longValue(key, v, 0, 1_000_000_000));
        case "user-searches-per-second" -> userSearchesPerSecond(ConfigValues.longValue(key, v, 0, 1_000_000));
        case "cluster" -> cluster = ConfigValues.bool(key, v);
        case "cluster-node" -> clusterNode = v;
        case "cluster-url" -> clusterUrl = v;
        case "cluster-secret" -> clusterSecret = v;
        case "cluster-session-timeout" -> clusterSessionTimeout = ConfigValues.duration(key, v);
        case "zookeeper-auth" -> zookeeperAuth = v.isEmpty() ? null : v;
        case "cluster-port" -> clusterPort = v.isEmpty() ? 0 : ConfigValues.integer(key, v, 1, 65_535);
        case "cluster-host" -> clusterHost = v.isEmpty() ? null : v;
        default -> {
          // Any HBase client setting, e.g. hbase-client.zookeeper.znode.parent=/hbase-unsecure
          if (key.startsWith(HBASE_CLIENT) && key.length() > HBASE_CLIENT.length()) {
            hbaseClient.put(key.substring(HBASE_CLIENT.length()), v);
          } else {
            throw new ConfigException("unknown configuration key: " + key);
          }
        }
      }
      return this;
    }

    /** The settings of an HBase store, also for the HBase ends of {@code letterbox migrate}. */
    public HBaseStoreOptions hbaseOptions() {
      return hbase.clientProperties(hbaseClient).build();
    }

    private StoreLocation storeLocation() {
      return switch (store) {
        case "rocksdb" -> new StoreLocation.RocksDb(dataDir,
            RocksStoreOptions.builder().blockCacheBytes(rocksdbBlockCacheBytes).build());
        case "hbase" -> new StoreLocation.HBase(hbaseOptions());
        default -> throw new ConfigException("store must be rocksdb or hbase: '" + store + "'");
      };
    }

    /** Applies every key of the properties file {@code file}; an unknown key is refused. */
    public Builder load(Path file) {
      Properties p = new Properties();
      try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        p.load(r);
      } catch (IOException e) {
        throw new ConfigException("cannot read configuration file " + file + ": " + e.getMessage());
      }
      // Sorted so that the first unknown key reported does not depend on hash order.
      for (String key : new TreeSet<>(p.stringPropertyNames())) {
        set(key, p.getProperty(key));
      }
      return this;
    }

    private ClusterSettings clusterSettings() {
      if (!cluster) {
        return null;
      }
      if (!"hbase".equals(store)) {
        throw new ConfigException("cluster=true needs store=hbase: the nodes share one HBase namespace");
      }
      if (clusterSecret == null || clusterSecret.length() < 16) {
        throw new ConfigException("cluster=true needs cluster-secret, at least 16 characters, the same on every node");
      }
      String listenHost = clusterHost != null ? clusterHost : host;
      int listenPort = clusterPort > 0 ? clusterPort : port;
      if (clusterPort > 0 && clusterPort == port && listenHost.equals(host)) {
        throw new ConfigException("cluster-port must differ from port: it is a listener of its own");
      }
      String url = clusterUrl;
      if (url == null) {
        if (listenPort == 0 || listenHost.equals("0.0.0.0") || listenHost.equals("::")) {
          throw new ConfigException("cluster=true needs cluster-url (how the other nodes reach this one) when "
              + "host (or cluster-host) is a wildcard address or port is 0");
        }
        url = "http://" + (listenHost.contains(":") ? "[" + listenHost + "]" : listenHost) + ":" + listenPort;
      }
      URI uri;
      try {
        uri = URI.create(url);
      } catch (IllegalArgumentException e) {
        throw new ConfigException("cluster-url is not a URL: '" + url + "'");
      }
      if (!"http".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() <= 0) {
        throw new ConfigException("cluster-url must look like http://host:port: '" + url + "'");
      }
      String node = clusterNode != null ? clusterNode : uri.getHost() + "-" + uri.getPort();
      if (!node.matches("[A-Za-z0-9._-]{1,64}")) {
        throw new ConfigException("cluster-node must be 1-64 letters, digits, dots, dashes or underscores: '" + node + "'");
      }
      if (zookeeperAuth != null && zookeeperAuth.indexOf(':') <= 0) {
        throw new ConfigException("zookeeper-auth must be scheme:credentials, e.g. digest:user:password");
      }
      return new ClusterSettings(node, uri, clusterSecret, clusterSessionTimeout, zookeeperAuth, listenHost, clusterPort);
    }

    private UserTokenSettings userTokenSettings() {
      if (userTokenSecret != null && userTokenSecret.getBytes(StandardCharsets.UTF_8).length < UserTokenSettings.MIN_SECRET_BYTES) {
        throw new ConfigException("user-token-secret must be at least " + UserTokenSettings.MIN_SECRET_BYTES
            + " bytes (UTF-8): HS256 needs a key as long as its hash");
      }
      if (userTokenJwks != null && !Files.isReadable(userTokenJwks)) {
        throw new ConfigException("user-token-jwks: cannot read " + userTokenJwks);
      }
      if (userTokenClockSkew.isNegative() || userTokenClockSkew.compareTo(Duration.ofMinutes(10)) > 0) {
        throw new ConfigException("user-token-clock-skew must be between PT0S and PT10M: " + userTokenClockSkew);
      }
      if (userTokenMaxTtl.isNegative() || userTokenMaxTtl.isZero()) {
        throw new ConfigException("user-token-max-ttl must be positive: " + userTokenMaxTtl);
      }
      return new UserTokenSettings(userTokenSecret, userTokenJwks, userTokenIssuer, userTokenAudience, userTokenClockSkew,
          userTokenMaxTtl);
    }

    public ServerConfig build() {
      ServerConfig c;
      try {
        ClusterSettings clustering = clusterSettings();
        if (clustering != null && engine.build().partitions() == 0) {
          // A new namespace for a cluster: enough partitions to spread over dozens of nodes.
          engine.partitions(64);
        }
        if (eventKeepAlive.isNegative() || eventKeepAlive.isZero() || eventKeepAlive.compareTo(Duration.ofSeconds(15)) > 0) {
          throw new ConfigException("event-keep-alive must be more than 0 and at most PT15S: " + eventKeepAlive);
        }
        if (clientTimeout.compareTo(eventKeepAlive) <= 0 || clientTimeout.toSeconds() < 1) {
          throw new ConfigException("client-timeout must be at least PT1S and more than event-keep-alive ("
              + eventKeepAlive + "), or idle event streams would be cut: " + clientTimeout);
        }
        if (bodyReadTimeout.toMillis() < 1 || bodyReadTimeout.compareTo(clientTimeout) >= 0) {
          throw new ConfigException("body-read-timeout must be at least PT0.001S and less than client-timeout ("
              + clientTimeout + "), or a stalled body's connection would be closed before its 408: " + bodyReadTimeout);
        }
        long bodyBuffers = maxBodyBufferBytes > 0 ? maxBodyBufferBytes : Runtime.getRuntime().maxMemory() / 4;
        if (bodyBuffers < Math.max(maxBodyBytes, engine.build().maxBlobBytes())) {
          throw new ConfigException("max-body-buffer-bytes (" + bodyBuffers + ") must hold at least one body of "
              + "max-body-bytes and one of max-blob-bytes");
        }
        c = new ServerConfig(host, port, dataDir, apiKeys, maxBodyBytes, bodyBuffers, workerThreads, maxPendingCalls,
            maxConnections, eventKeepAlive,
            clientTimeout, bodyReadTimeout, eventBufferBytes,
            eventBufferTotalBytes > 0 ? eventBufferTotalBytes : Runtime.getRuntime().maxMemory() / 8, engine.build(),
            storeLocation(), clustering, userTokenSettings(), new InlineBlobTypes(inlineBlobTypes),
            new UserLimitSettings(userSendsPerSecond, userStreams, userUploads, userBlobBytesPerDay, userGroupsPerDay,
                userMemberAddsPerDay, userSearchesPerSecond));
      } catch (IllegalArgumentException e) {
        throw new ConfigException(e.getMessage());
      }
      if (apiKeys.isEmpty() && !c.loopbackOnly()) {
        throw new ConfigException("refusing to listen on " + host + " without api-keys: anyone could"
            + " read every message. Set api-keys, or listen on a loopback address such as 127.0.0.1");
      }
      return c;
    }
  }

  /** Text-to-value conversions of the settings; each error names the key. */
  private static final class ConfigValues {
    static int integer(String key, String v, int min, int max) {
      try {
        int n = Integer.parseInt(v);
        if (n >= min && n <= max) {
          return n;
        }
      } catch (NumberFormatException ignored) {
        // reported below with the allowed range
      }
      throw new ConfigException(key + " must be an integer in " + min + ".." + max + ": '" + v + "'");
    }

    static long longValue(String key, String v) {
      return longValue(key, v, 0);
    }

    static long longValue(String key, String v, long min) {
      return longValue(key, v, min, Long.MAX_VALUE);
    }

    static long longValue(String key, String v, long min, long max) {
      try {
        long n = Long.parseLong(v);
        if (n >= min && n <= max) {
          return n;
        }
      } catch (NumberFormatException ignored) {
        // reported below
      }
      throw new ConfigException(key + " must be an integer " + (max == Long.MAX_VALUE ? "of at least " + min
          : "from " + min + " to " + max) + ": '" + v + "'");
    }

    static String oneOf(String key, String v, String... allowed) {
      if (Arrays.asList(allowed).contains(v)) {
        return v;
      }
      throw new ConfigException(key + " must be one of " + String.join(", ", allowed) + ": '" + v + "'");
    }

    static boolean bool(String key, String v) {
      return Boolean.parseBoolean(oneOf(key, v, "true", "false"));
    }

    static List<String> list(String v) {
      return Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    /** An ISO-8601 duration of zero or more, e.g. {@code PT1S}. */
    static Duration duration(String key, String v) {
      try {
        Duration d = Duration.parse(v);
        if (!d.isNegative()) {
          return d;
        }
      } catch (DateTimeParseException ignored) {
        // reported below with the expected form
      }
      throw new ConfigException(key + " must be an ISO-8601 duration of zero or more, such as PT1S: '" + v + "'");
    }

    /** {@code messages/period}, e.g. {@code 1/P1D}: one message per day. */
    static FrequencyCap cap(String key, String v) {
      int slash = v.indexOf('/');
      try {
        if (slash > 0) {
          return new FrequencyCap(Integer.parseInt(v.substring(0, slash).trim()),
              Duration.parse(v.substring(slash + 1).trim()));
        }
      } catch (NumberFormatException | DateTimeParseException e) {
        // reported below with the expected form
      } catch (IllegalArgumentException e) {
        throw new ConfigException(key + ": " + e.getMessage());
      }
      throw new ConfigException(key + " must look like 1/P1D (messages/ISO-8601 period): '" + v + "'");
    }
  }
}
