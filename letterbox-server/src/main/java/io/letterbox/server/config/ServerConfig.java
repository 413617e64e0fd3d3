package io.letterbox.server.config;

import static io.letterbox.server.config.ServerSettings.*;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.hbase.HBaseStoreOptions;
import io.letterbox.model.FrequencyCap;
import io.letterbox.rocksdb.RocksStoreOptions;
import java.io.IOException;
import java.io.Reader;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The server's settings, built with {@link #builder()}: from a properties file
 * ({@link Builder#load}), key by key ({@link Builder#set}) or value by value. Each setting is
 * declared once, with its key, default and meaning, in {@link ServerSettings}; this class reads
 * them, checks how they fit together and builds the options of the engine and the store.
 */
public final class ServerConfig implements SettingValues {
  private final Map<Setting<?>, Object> values;
  private final long maxBodyBufferBytes;
  private final long eventBufferTotalBytes;
  private final LetterboxConfig engineConfig;
  private final StoreLocation store;
  private final ClusterSettings cluster;
  private final UserTokenSettings userTokens;
  private final WebhookSettings webhooks;
  private final InlineBlobTypes inlineBlobTypes;
  private final KafkaChangeStreamSettings kafkaChangeStream;
  private final UserLimitSettings userLimits;
  private final BeforeSendHookSettings beforeSendHook;
  private final PushSettings push;

  private ServerConfig(Builder b, long maxBodyBufferBytes, long eventBufferTotalBytes, LetterboxConfig engineConfig,
      StoreLocation store, ClusterSettings cluster, UserTokenSettings userTokens) {
    this.values = java.util.Collections.unmodifiableMap(new HashMap<>(b.values));
    this.maxBodyBufferBytes = maxBodyBufferBytes;
    this.eventBufferTotalBytes = eventBufferTotalBytes;
    this.engineConfig = engineConfig;
    this.store = store;
    this.cluster = cluster;
    this.userTokens = userTokens;
    this.webhooks = WebhookSettings.of(this);
    this.inlineBlobTypes = new InlineBlobTypes(get(INLINE_BLOB_TYPES));
    this.kafkaChangeStream = KafkaChangeStreamSettings.of(this);
    this.userLimits = new UserLimitSettings(get(USER_SENDS_PER_SECOND), get(USER_STREAMS), get(USER_UPLOADS),
        get(USER_BLOB_BYTES_PER_DAY), get(USER_GROUPS_PER_DAY), get(USER_MEMBER_ADDS_PER_DAY),
        get(USER_SEARCHES_PER_SECOND));
    this.beforeSendHook = BeforeSendHookSettings.of(this);
    this.push = PushSettings.of(this);
  }

  public static Builder builder() {
    return new Builder();
  }

  @Override
  public <T> T get(Setting<T> setting) {
    return valueOf(values, setting);
  }

  @SuppressWarnings("unchecked")
  private static <T> T valueOf(Map<Setting<?>, Object> values, Setting<T> setting) {
    return values.containsKey(setting) ? (T) values.get(setting) : setting.byDefault();
  }

  public String host() { return get(HOST); }
  public int port() { return get(PORT); }
  public Path dataDir() { return get(DATA_DIR); }
  /** Where the online backups of a RocksDB store go; null when none is set. */
  public Path backupDir() { return get(BACKUP_DIR); }
  public List<String> apiKeys() { return get(API_KEYS); }
  public int maxBodyBytes() { return get(MAX_BODY_BYTES); }
  public int workerThreads() { return get(WORKER_THREADS); }
  public int maxPendingCalls() { return get(MAX_PENDING_CALLS); }
  public int maxConnections() { return get(MAX_CONNECTIONS); }
  public Duration eventKeepAlive() { return get(EVENT_KEEP_ALIVE); }
  public Duration clientTimeout() { return get(CLIENT_TIMEOUT); }
  public Duration bodyReadTimeout() { return get(BODY_READ_TIMEOUT); }
  public long eventBufferBytes() { return get(EVENT_BUFFER_BYTES); }

  /** max-body-buffer-bytes, or a quarter of the heap's maximum when it is not set. */
  public long maxBodyBufferBytes() { return maxBodyBufferBytes; }

  /** event-buffer-total-bytes, or an eighth of the heap's maximum when it is not set. */
  public long eventBufferTotalBytes() { return eventBufferTotalBytes; }

  /** The engine's settings. */
  public LetterboxConfig engineConfig() { return engineConfig; }

  /** Where the data lives: a RocksDB directory or an HBase namespace. */
  public StoreLocation store() { return store; }

  /** This node's membership of a cluster; null for a single node. */
  public ClusterSettings cluster() { return cluster; }

  /** How user tokens (JWTs) are verified. */
  public UserTokenSettings userTokens() { return userTokens; }

  /** Where the owner feed's events are POSTed; {@link WebhookSettings#enabled()} false when nowhere. */
  public WebhookSettings webhooks() { return webhooks; }

  /** The media types of blobs served to be shown in place. */
  public InlineBlobTypes inlineBlobTypes() { return inlineBlobTypes; }

  /** The change stream to Kafka; {@link KafkaChangeStreamSettings#enabled()} false when none is set. */
  public KafkaChangeStreamSettings kafkaChangeStream() { return kafkaChangeStream; }

  /** What one user token may do on this node. */
  public UserLimitSettings userLimits() { return userLimits; }

  /** The before-send hook; {@link BeforeSendHookSettings#enabled()} false when none is set. */
  public BeforeSendHookSettings beforeSendHook() { return beforeSendHook; }

  /** Offline push; {@link PushSettings#enabled()} false when no push-url is set. */
  public PushSettings push() { return push; }

  /** @return whether the server is reachable only from this machine. */
  public boolean loopbackOnly() {
    try {
      return InetAddress.getByName(host()).isLoopbackAddress();
    } catch (UnknownHostException e) {
      throw new ConfigException("host cannot be resolved: " + host());
    }
  }

  public static final class Builder implements SettingValues {
    private final Map<Setting<?>, Object> values = new HashMap<>();
    private final Map<String, String> hbaseClient = new TreeMap<>();

    /** Sets {@code setting} to {@code value}, unchecked until {@link #build()}. */
    public <T> Builder with(Setting<T> setting, T value) {
      values.put(setting, value);
      return this;
    }

    @Override
    public <T> T get(Setting<T> setting) {
      return valueOf(values, setting);
    }

    public Builder host(String v) { return with(HOST, v); }
    public Builder port(int v) { return with(PORT, v); }
    public Builder dataDir(Path v) { return with(DATA_DIR, v); }
    public Builder backupDir(Path v) { return with(BACKUP_DIR, v); }
    public Builder apiKeys(List<String> v) { return with(API_KEYS, List.copyOf(v)); }
    public Builder maxBodyBytes(int v) { return with(MAX_BODY_BYTES, v); }
    public Builder maxTextLength(int v) { return with(MAX_TEXT_LENGTH, v); }
    public Builder devices(List<String> v) { return with(DEVICES, List.copyOf(v)); }
    public Builder defaultCap(FrequencyCap v) { return with(DEFAULT_CAP, v); }
    public Builder nodeId(int v) { return with(NODE_ID, v); }
    public Builder maxImportBatch(int v) { return with(MAX_IMPORT_BATCH, v); }
    public Builder cachedHeadBytes(long v) { return with(CACHED_HEAD_BYTES, v); }
    public Builder requestsFolder(boolean v) { return with(REQUESTS_FOLDER, v); }
    public Builder maxBlobBytes(long v) { return with(MAX_BLOB_BYTES, v); }
    public Builder cachedMessageBytes(long v) { return with(CACHED_MESSAGE_BYTES, v); }
    public Builder workerThreads(int v) { return with(WORKER_THREADS, v); }
    public Builder eventKeepAlive(Duration v) { return with(EVENT_KEEP_ALIVE, v); }
    public Builder clientTimeout(Duration v) { return with(CLIENT_TIMEOUT, v); }
    public Builder bodyReadTimeout(Duration v) { return with(BODY_READ_TIMEOUT, v); }
    public Builder maxPendingCalls(int v) { return with(MAX_PENDING_CALLS, v); }
    public Builder maxBodyBufferBytes(long v) { return with(MAX_BODY_BUFFER_BYTES, v); }
    public Builder eventBufferTotalBytes(long v) { return with(EVENT_BUFFER_TOTAL_BYTES, v); }
    public Builder maxConnections(int v) { return with(MAX_CONNECTIONS, v); }
    public Builder eventBufferBytes(long v) { return with(EVENT_BUFFER_BYTES, v); }
    public Builder cachedAudienceBytes(long v) { return with(CACHED_AUDIENCE_BYTES, v); }
    public Builder cachedBroadcastIdBytes(long v) { return with(CACHED_BROADCAST_ID_BYTES, v); }
    public Builder maxAudienceUids(int v) { return with(MAX_AUDIENCE_UIDS, v); }
    public Builder normalLaneThreads(int v) { return with(NORMAL_LANE_THREADS, v); }
    public Builder highLaneThreads(int v) { return with(HIGH_LANE_THREADS, v); }
    public Builder prewarmMinReceivers(long v) { return with(PREWARM_MIN_RECEIVERS, v); }
    public Builder fanoutAttempts(int v) { return with(FANOUT_ATTEMPTS, v); }
    public Builder fanoutRetryDelay(Duration v) { return with(FANOUT_RETRY_DELAY, v); }
    public Builder store(String v) { return with(STORE, v); }
    public Builder rocksdbBlockCacheBytes(long v) { return with(ROCKSDB_BLOCK_CACHE_BYTES, v); }
    public Builder hbaseQuorum(String v) { return with(HBASE_QUORUM, v); }
    public Builder hbaseNamespace(String v) { return with(HBASE_NAMESPACE, v); }
    public Builder userTokenSecret(String v) { return with(USER_TOKEN_SECRET, v); }
    public Builder webhookUrl(String v) { return with(WEBHOOK_URL, v); }
    public Builder webhookSecret(String v) { return with(WEBHOOK_SECRET, v); }
    public Builder webhookBatch(int v) { return with(WEBHOOK_BATCH, v); }
    public Builder webhookBackoffMin(Duration v) { return with(WEBHOOK_BACKOFF_MIN, v); }
    public Builder userTokenJwks(Path v) { return with(USER_TOKEN_JWKS, v); }
    public Builder userTokenIssuer(String v) { return with(USER_TOKEN_ISSUER, v); }
    public Builder userTokenAudience(String v) { return with(USER_TOKEN_AUDIENCE, v); }
    public Builder userTokenMaxTtl(Duration v) { return with(USER_TOKEN_MAX_TTL, v); }
    public Builder inlineBlobTypes(List<String> v) { return with(INLINE_BLOB_TYPES, List.copyOf(v)); }
    public Builder userSendsPerSecond(long v) { return with(USER_SENDS_PER_SECOND, v); }
    public Builder userStreams(int v) { return with(USER_STREAMS, v); }
    public Builder userUploads(int v) { return with(USER_UPLOADS, v); }
    public Builder userBlobBytesPerDay(long v) { return with(USER_BLOB_BYTES_PER_DAY, v); }
    public Builder userGroupsPerDay(long v) { return with(USER_GROUPS_PER_DAY, v); }
    public Builder userMemberAddsPerDay(long v) { return with(USER_MEMBER_ADDS_PER_DAY, v); }
    public Builder userSearchesPerSecond(long v) { return with(USER_SEARCHES_PER_SECOND, v); }
    public Builder hookBeforeSendUrl(String v) { return with(HOOK_BEFORE_SEND_URL, v); }
    public Builder hookSecret(String v) { return with(HOOK_SECRET, v); }
    public Builder hookBeforeSendTimeout(Duration v) { return with(HOOK_BEFORE_SEND_TIMEOUT, v); }
    public Builder hookBeforeSendFailure(String v) { return with(HOOK_BEFORE_SEND_FAILURE, v); }
    public Builder pushUrl(String v) { return with(PUSH_URL, v); }
    public Builder pushPreview(boolean v) { return with(PUSH_PREVIEW, v); }
    public Builder pushCoalesce(Duration v) { return with(PUSH_COALESCE, v); }
    public Builder pushBroadcastRate(long v) { return with(PUSH_BROADCAST_RATE, v); }

    /** Sets the setting named {@code key} (as in the file) from its text form. */
    public Builder set(String key, String value) {
      String v = value.trim();
      Setting<?> setting = ServerSettings.byKey(key);
      if (setting != null) {
        values.put(setting, setting.parse(v));
      } else if (key.startsWith(HBASE_CLIENT_PREFIX) && key.length() > HBASE_CLIENT_PREFIX.length()) {
        hbaseClient.put(key.substring(HBASE_CLIENT_PREFIX.length()), v);
      } else {
        throw new ConfigException("unknown configuration key: " + key);
      }
      return this;
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

    /** The settings of an HBase store, also for the HBase ends of {@code letterbox migrate}. */
    public HBaseStoreOptions hbaseOptions() {
      return targets().hbase().clientProperties(hbaseClient).build();
    }

    /** The engine's and HBase's builders with every setting passed on to them (set or default). */
    private Setting.Targets targets() {
      var targets = new Setting.Targets(LetterboxConfig.builder(), HBaseStoreOptions.builder());
      for (Setting<?> s : ServerSettings.all()) {
        s.passOn(targets, get(s));
      }
      return targets;
    }

    /** backup-dir is for a RocksDB store, and apart from its data: a backup inside the store would be part of it. */
    private static void checkBackupDir(ServerConfig c) {
      Path backups = c.backupDir();
      if (backups == null) {
        return;
      }
      if (!(c.store() instanceof StoreLocation.RocksDb rocks)) {
        throw new ConfigException("backup-dir is for the rocksdb store; on hbase, take snapshots with letterbox backup");
      }
      Path data = rocks.dir().toAbsolutePath().normalize();
      Path backupsAt = backups.toAbsolutePath().normalize();
      if (backupsAt.startsWith(data) || data.startsWith(backupsAt)) {
        throw new ConfigException("backup-dir (" + backups + ") and data-dir (" + rocks.dir()
            + ") must not hold one another");
      }
    }

    private StoreLocation storeLocation() {
      return switch (get(STORE)) {
        case "rocksdb" -> new StoreLocation.RocksDb(get(DATA_DIR),
            RocksStoreOptions.builder().blockCacheBytes(get(ROCKSDB_BLOCK_CACHE_BYTES)).build());
        case "hbase" -> new StoreLocation.HBase(hbaseOptions());
        default -> throw new ConfigException("store must be rocksdb or hbase: '" + get(STORE) + "'");
      };
    }

    public ServerConfig build() {
      ServerConfig c;
      try {
        ClusterSettings clustering = ClusterSettings.of(this);
        LetterboxConfig.Builder engine = targets().engine();
        if (clustering != null && engine.build().partitions() == 0) {
          // A new namespace for a cluster: enough partitions to spread over dozens of nodes.
          engine.partitions(64);
        } else if (clustering == null) {
          // A new store of one node: partitions for the cores, each with a sequencer of its own (decision 0030).
          engine.newStorePartitions(Partitioning.forCores(Runtime.getRuntime().availableProcessors()));
        }
        Duration eventKeepAlive = get(EVENT_KEEP_ALIVE);
        Duration clientTimeout = get(CLIENT_TIMEOUT);
        Duration bodyReadTimeout = get(BODY_READ_TIMEOUT);
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
        LetterboxConfig engineConfig = engine.build();
        long maxBodyBufferBytes = get(MAX_BODY_BUFFER_BYTES);
        long bodyBuffers = maxBodyBufferBytes > 0 ? maxBodyBufferBytes : Runtime.getRuntime().maxMemory() / 4;
        if (bodyBuffers < Math.max(get(MAX_BODY_BYTES), engineConfig.maxBlobBytes())) {
          throw new ConfigException("max-body-buffer-bytes (" + bodyBuffers + ") must hold at least one body of "
              + "max-body-bytes and one of max-blob-bytes");
        }
        long eventBufferTotalBytes = get(EVENT_BUFFER_TOTAL_BYTES);
        c = new ServerConfig(this, bodyBuffers,
            eventBufferTotalBytes > 0 ? eventBufferTotalBytes : Runtime.getRuntime().maxMemory() / 8, engineConfig,
            storeLocation(), clustering, UserTokenSettings.of(this));
      } catch (IllegalArgumentException e) {
        throw new ConfigException(e.getMessage());
      }
      checkBackupDir(c);
      if (c.apiKeys().isEmpty() && !c.loopbackOnly()) {
        throw new ConfigException("refusing to listen on " + c.host() + " without api-keys: anyone could"
            + " read every message. Set api-keys, or listen on a loopback address such as 127.0.0.1");
      }
      return c;
    }
  }
}
