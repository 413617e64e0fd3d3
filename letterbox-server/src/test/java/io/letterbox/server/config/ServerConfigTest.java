package io.letterbox.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.model.FrequencyCap;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerConfigTest {

  @Test
  void defaultsListenOnLoopbackPort8080WithDataInDotData() {
    ServerConfig c = ServerConfig.builder().build();

    assertThat(c.host()).isEqualTo("127.0.0.1");
    assertThat(c.port()).isEqualTo(8080);
    assertThat(c.dataDir()).isEqualTo(Path.of("data"));
    assertThat(c.apiKeys()).isEmpty();
    assertThat(c.maxBodyBytes()).isEqualTo(1 << 20);
    assertThat(c.engineConfig().maxTextLength()).isEqualTo(4000);
    assertThat(c.engineConfig().devices()).containsExactly("pc", "mobile");
    assertThat(c.engineConfig().defaultCap()).isEmpty();
    assertThat(c.loopbackOnly()).isTrue();
  }

  @Test
  void aPropertiesFileSetsEveryKey(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("letterbox.properties");
    Files.writeString(file, String.join("\n",
        "# comments are fine", "host = 0.0.0.0", "port=9090", "data-dir=/var/lib/letterbox",
        "api-keys=k1, k2", "max-body-bytes=2048", "max-text-length=100", "devices=pc,mobile,watch",
        "default-cap=2/PT1H", "node-id=7", "max-import-batch=50", "cached-head-bytes=10000", "worker-threads=4"));

    ServerConfig c = ServerConfig.builder().load(file).build();

    assertThat(c.host()).isEqualTo("0.0.0.0");
    assertThat(c.port()).isEqualTo(9090);
    assertThat(c.dataDir()).isEqualTo(Path.of("/var/lib/letterbox"));
    assertThat(c.apiKeys()).containsExactly("k1", "k2");
    assertThat(c.maxBodyBytes()).isEqualTo(2048);
    assertThat(c.engineConfig().maxTextLength()).isEqualTo(100);
    assertThat(c.engineConfig().devices()).containsExactly("pc", "mobile", "watch");
    assertThat(c.engineConfig().defaultCap()).contains(new FrequencyCap(2, Duration.ofHours(1)));
    assertThat(c.engineConfig().node()).isEqualTo(7);
    assertThat(c.engineConfig().maxImportBatch()).isEqualTo(50);
    assertThat(c.engineConfig().cachedHeadBytes()).isEqualTo(10000);
    assertThat(c.workerThreads()).isEqualTo(4);
    assertThat(c.engineConfig().devices()).containsExactly("pc", "mobile", "watch");
  }

  @Test
  void aClusterNodeIsNamedAndReachedByItsAddressWithSixtyFourPartitionsByDefault() {
    ServerConfig c = ServerConfig.builder().set("store", "hbase").set("port", "8081").set("cluster", "true")
        .set("cluster-secret", "0123456789abcdef").build();

    assertThat(c.cluster().node()).isEqualTo("127.0.0.1-8081");
    assertThat(c.cluster().url()).hasToString("http://127.0.0.1:8081");
    assertThat(c.cluster().sessionTimeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(c.cluster().zookeeperAuth()).as("open znodes unless set").isNull();
    assertThat(c.cluster().toString()).doesNotContain("0123456789abcdef");
    assertThat(c.engineConfig().partitions()).isEqualTo(64);
    assertThat(ServerConfig.builder().build().cluster()).as("a single node").isNull();
    assertThat(ServerConfig.builder().build().engineConfig().partitions()).as("the store's count").isZero();
  }

  @Test
  void aNewStoreOfOneServerGetsAPartitionPerTwoCoresAndAnExistingOneKeepsItsCount() {
    LetterboxConfig engine = ServerConfig.builder().build().engineConfig();
    assertThat(engine.partitions()).as("configured: none, so what the store records").isZero();
    assertThat(engine.newStorePartitions())
        .isEqualTo(io.letterbox.engine.partition.Partitioning.forCores(Runtime.getRuntime().availableProcessors()));
    assertThat(ServerConfig.builder().set("partitions", "3").build().engineConfig().partitions()).isEqualTo(3);
  }

  @Test
  void aNodeRunsASequencerPerCoreUnlessTold() {
    assertThat(ServerConfig.builder().build().engineConfig().sequencers()).as("one per core").isZero();
    assertThat(ServerConfig.builder().set("sequencers", "3").build().engineConfig().sequencers()).isEqualTo(3);
  }

  @Test
  void eventSettingsDefaultToAFifteenSecondKeepAliveOneMebibyteBufferAndThirtyDaysOfFeed() {
    ServerConfig c = ServerConfig.builder().build();
    assertThat(c.eventKeepAlive()).isEqualTo(Duration.ofSeconds(15));
    assertThat(c.eventBufferBytes()).isEqualTo(1 << 20);
    assertThat(c.engineConfig().syncRetention()).isEqualTo(Duration.ofDays(30));

    ServerConfig set = ServerConfig.builder().set("event-keep-alive", "PT5S").set("event-buffer-bytes", "65536")
        .set("sync-retention", "P7D").build();
    assertThat(set.eventKeepAlive()).isEqualTo(Duration.ofSeconds(5));
    assertThat(set.eventBufferBytes()).isEqualTo(65536);
    assertThat(set.engineConfig().syncRetention()).isEqualTo(Duration.ofDays(7));
  }

  @Test
  void messagesAreKeptForeverUnlessARetentionOfADayOrMoreIsSet() {
    assertThat(ServerConfig.builder().build().engineConfig().messageRetention()).isEmpty();
    assertThat(ServerConfig.builder().set("message-retention", "P365D").build().engineConfig().messageRetention())
        .contains(Duration.ofDays(365));
    for (String refused : new String[] {"PT23H", "-P1D", "P0D", "a year"}) {
      assertThatThrownBy(() -> ServerConfig.builder().set("message-retention", refused).build())
          .as(refused).isInstanceOf(ConfigException.class).hasMessageContaining("message-retention");
    }
  }

  @Test
  void groupsHoldAHundredThousandMembersUnlessConfiguredAndNeverFewerThanTwo() {
    assertThat(ServerConfig.builder().build().engineConfig().maxGroupMembers()).isEqualTo(100_000);
    assertThat(ServerConfig.builder().set("max-group-members", "500").build().engineConfig().maxGroupMembers())
        .isEqualTo(500);
    assertThat(ServerConfig.builder().set("cached-group-head-bytes", "1048576").build().engineConfig()
        .cachedGroupHeadBytes()).isEqualTo(1 << 20);
    assertThatThrownBy(() -> ServerConfig.builder().set("max-group-members", "1").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("max-group-members");
  }

  @Test
  void theBeforeSendHookIsOffByDefaultWaitsAThirdOfASecondAndNeedsASecretWhenSet() {
    BeforeSendHookSettings none = ServerConfig.builder().build().beforeSendHook();
    assertThat(none.enabled()).isFalse();
    assertThat(none.timeout()).isEqualTo(Duration.ofMillis(300));
    assertThat(none.rejectOnFailure()).isFalse();
    BeforeSendHookSettings set = ServerConfig.builder().set("hook-before-send-url", "http://policy.local/check")
        .set("hook-secret", "s").set("hook-before-send-timeout", "PT1S").set("hook-before-send-failure", "reject")
        .build().beforeSendHook();
    assertThat(set.enabled()).isTrue();
    assertThat(set.url()).hasToString("http://policy.local/check");
    assertThat(set.timeout()).isEqualTo(Duration.ofSeconds(1));
    assertThat(set.rejectOnFailure()).isTrue();
    assertThatThrownBy(() -> ServerConfig.builder().set("hook-before-send-url", "http://policy.local/check").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("hook-secret");
    assertThatThrownBy(() -> ServerConfig.builder().set("hook-before-send-url", "policy.local").set("hook-secret", "s")
        .build()).isInstanceOf(ConfigException.class).hasMessageContaining("hook-before-send-url");
    assertThatThrownBy(() -> ServerConfig.builder().set("hook-before-send-failure", "maybe").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("hook-before-send-failure");
  }

  @Test
  void aClientTimeoutNotAboveTheEventKeepAliveIsRefusedSinceIdleStreamsWouldBeCut() {
    assertThat(ServerConfig.builder().build().clientTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(ServerConfig.builder().set("client-timeout", "PT5S").set("event-keep-alive", "PT2S")
        .set("body-read-timeout", "PT4S").build().clientTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThatThrownBy(() -> ServerConfig.builder().set("client-timeout", "PT10S").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("client-timeout");
    assertThatThrownBy(() -> ServerConfig.builder().set("client-timeout", "PT0.5S").set("event-keep-alive", "PT0.1S").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("client-timeout");
  }

  @Test
  void aBodyReadTimeoutDefaultsToTenSecondsAndMustEndBeforeAnIdleConnectionIsClosed() {
    assertThat(ServerConfig.builder().build().bodyReadTimeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(ServerConfig.builder().set("body-read-timeout", "PT0.5S").build().bodyReadTimeout())
        .isEqualTo(Duration.ofMillis(500));
    assertThatThrownBy(() -> ServerConfig.builder().set("body-read-timeout", "PT30S").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("body-read-timeout");
    assertThatThrownBy(() -> ServerConfig.builder().set("body-read-timeout", "PT0S").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("body-read-timeout");
  }

  @Test
  void aKeepAliveOverFifteenSecondsOrARetentionOfPartDaysIsRefused() {
    assertThatThrownBy(() -> ServerConfig.builder().set("event-keep-alive", "PT16S").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("event-keep-alive");
    assertThatThrownBy(() -> ServerConfig.builder().set("sync-retention", "PT36H").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("syncRetention");
    assertThatThrownBy(() -> ServerConfig.builder().set("event-buffer-bytes", "10").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("event-buffer-bytes");
  }

  @Test
  void aClusterNeedsHBaseASecretAndAnAddressOthersCanReach() {
    assertThatThrownBy(() -> ServerConfig.builder().set("cluster", "true").set("cluster-secret", "0123456789abcdef").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("store=hbase");
    assertThatThrownBy(() -> ServerConfig.builder().set("store", "hbase").set("cluster", "true").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("cluster-secret");
    assertThatThrownBy(() -> ServerConfig.builder().set("store", "hbase").set("cluster", "true")
        .set("cluster-secret", "0123456789abcdef").set("host", "0.0.0.0").set("api-keys", "k").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("cluster-url");
    assertThatThrownBy(() -> ServerConfig.builder().set("partitions", "513"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("partitions");
  }

  @Test
  void engineDefaultsAreTheEnginesOwn() {
    // A new store's partitions are the server's choice: one per two cores (decision 0030).
    assertThat(ServerConfig.builder().build().engineConfig())
        .usingRecursiveComparison().ignoringFields("clock", "newStorePartitions")
        .isEqualTo(io.letterbox.engine.LetterboxConfig.builder().build());
  }

  @Test
  void fanOutRetriesAreSetByAttemptsAndAnIsoDelay() {
    var engine = ServerConfig.builder().set("fanout-attempts", "3").set("fanout-retry-delay", "PT0.25S").build().engineConfig();

    assertThat(engine.fanoutAttempts()).isEqualTo(3);
    assertThat(engine.fanoutRetryDelay()).isEqualTo(Duration.ofMillis(250));
    assertThat(ServerConfig.builder().set("fanout-retry-delay", "PT0S").build().engineConfig().fanoutRetryDelay()).isZero();
  }

  @Test
  void badFanOutRetrySettingsAreRefusedNamingTheKey() {
    assertThatThrownBy(() -> ServerConfig.builder().set("fanout-attempts", "0"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("fanout-attempts");
    assertThatThrownBy(() -> ServerConfig.builder().set("fanout-attempts", "many"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("fanout-attempts");
    assertThatThrownBy(() -> ServerConfig.builder().set("fanout-retry-delay", "1s"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("fanout-retry-delay").hasMessageContaining("PT1S");
    assertThatThrownBy(() -> ServerConfig.builder().set("fanout-retry-delay", "-PT1S"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("fanout-retry-delay");
  }

  @Test
  void anUnknownKeyIsRefusedByName(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("bad.properties");
    Files.writeString(file, "port=1\nmax_body_bytes=5\n");

    assertThatThrownBy(() -> ServerConfig.builder().load(file))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("max_body_bytes");
  }

  @Test
  void aValueOfTheWrongFormIsRefusedNamingTheKey() {
    assertThatThrownBy(() -> ServerConfig.builder().set("port", "eighty")).hasMessageContaining("port");
    assertThatThrownBy(() -> ServerConfig.builder().set("port", "70000")).hasMessageContaining("port");
    assertThatThrownBy(() -> ServerConfig.builder().set("default-cap", "daily")).hasMessageContaining("default-cap");
    assertThatThrownBy(() -> ServerConfig.builder().set("default-cap", "0/P1D")).hasMessageContaining("default-cap");
    assertThatThrownBy(() -> ServerConfig.builder().set("devices", "PC").build()).isInstanceOf(ConfigException.class);
  }

  @Test
  void anEmptyDefaultCapMeansNone() {
    assertThat(ServerConfig.builder().set("default-cap", "").build().engineConfig().defaultCap()).isEmpty();
  }

  @Test
  void listeningBeyondLoopbackWithoutKeysIsRefused() {
    assertThatThrownBy(() -> ServerConfig.builder().host("0.0.0.0").build())
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("api-keys");
    assertThat(ServerConfig.builder().host("0.0.0.0").apiKeys(List.of("k")).build().loopbackOnly()).isFalse();
    assertThat(ServerConfig.builder().host("localhost").build().loopbackOnly()).isTrue();
    assertThat(ServerConfig.builder().host("::1").build().loopbackOnly()).isTrue();
  }

  @Test
  void theStoreIsRocksDbInTheDataDirWithAGibibyteOfBlockCacheUnlessSetToHBase() {
    assertThat(ServerConfig.builder().build().store()).isEqualTo(new StoreLocation.RocksDb(Path.of("data"),
        io.letterbox.rocksdb.RocksStoreOptions.builder().blockCacheBytes(1L << 30).build()));
    assertThat(ServerConfig.builder().dataDir(Path.of("/d")).build().store()).hasToString("rocksdb:/d");
  }

  @Test
  void theBlockCacheIsSetInBytesOfAtLeastOneMebibyte() {
    var store = (StoreLocation.RocksDb) ServerConfig.builder().set("rocksdb-block-cache-bytes", "4294967296").build().store();
    assertThat(store.options().blockCacheBytes()).isEqualTo(4L << 30);

    assertThatThrownBy(() -> ServerConfig.builder().set("rocksdb-block-cache-bytes", "1000"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("rocksdb-block-cache-bytes");
    assertThatThrownBy(() -> ServerConfig.builder().set("rocksdb-block-cache-bytes", "1G"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("rocksdb-block-cache-bytes");
  }

  @Test
  void hbaseKeysSayWhereAnHBaseStoreLives(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("hbase.properties");
    Files.writeString(file, String.join("\n", "store=hbase", "hbase-quorum=zk1:2181,zk2:2181",
        "hbase-namespace=dms", "hbase-salt-buckets=32", "hbase-fsync-wal=true", "hbase-client.zookeeper.znode.parent=/hbase-unsecure"));

    StoreLocation store = ServerConfig.builder().load(file).build().store();

    assertThat(store).isInstanceOf(StoreLocation.HBase.class).hasToString("hbase:zk1:2181,zk2:2181/dms");
    var options = ((StoreLocation.HBase) store).options();
    assertThat(options.saltBuckets()).isEqualTo(32);
    assertThat(options.fsyncWal()).isTrue();
    assertThat(options.clientProperties()).containsEntry("zookeeper.znode.parent", "/hbase-unsecure");
  }

  @Test
  void badStoreSettingsAreRefusedNamingTheKey() {
    assertThatThrownBy(() -> ServerConfig.builder().set("store", "mysql")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("store");
    assertThatThrownBy(() -> ServerConfig.builder().set("hbase-salt-buckets", "300")).hasMessageContaining("hbase-salt-buckets");
    assertThatThrownBy(() -> ServerConfig.builder().set("hbase-fsync-wal", "yes")).hasMessageContaining("hbase-fsync-wal");
    assertThatThrownBy(() -> ServerConfig.builder().set("store", "hbase").set("hbase-namespace", "a-b").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("namespace");
  }

  @Test
  void userTokensAreOffUntilASecretOrAJwksFileIsSet() {
    assertThat(ServerConfig.builder().build().userTokens().enabled()).isFalse();
    UserTokenSettings t = ServerConfig.builder().set("user-token-secret", "x".repeat(32))
        .set("user-token-issuer", "https://platform.example").set("user-token-audience", "letterbox")
        .set("user-token-clock-skew", "PT30S").build().userTokens();
    assertThat(t.enabled()).isTrue();
    assertThat(t.issuer()).isEqualTo("https://platform.example");
    assertThat(t.audience()).isEqualTo("letterbox");
    assertThat(t.clockSkew()).isEqualTo(java.time.Duration.ofSeconds(30));
    assertThat(t.maxTtl()).as("the default").isEqualTo(java.time.Duration.ofDays(1));
    assertThat(ServerConfig.builder().set("user-token-max-ttl", "PT1H").build().userTokens().maxTtl())
        .isEqualTo(java.time.Duration.ofHours(1));
  }

  @Test
  void aClusterPortIsAListenerOfItsOwnThatTheOtherNodesReach() {
    ServerConfig c = ServerConfig.builder().set("store", "hbase").set("port", "8081").set("cluster", "true")
        .set("cluster-secret", "0123456789abcdef").set("cluster-port", "9081").set("cluster-host", "10.0.0.7").build();

    assertThat(c.cluster().listenPort()).isEqualTo(9081);
    assertThat(c.cluster().listenHost()).isEqualTo("10.0.0.7");
    assertThat(c.cluster().url()).hasToString("http://10.0.0.7:9081");
    assertThat(ServerConfig.builder().set("store", "hbase").set("cluster", "true")
        .set("cluster-secret", "0123456789abcdef").build().cluster().listenPort()).as("none by default").isZero();
    assertThatThrownBy(() -> ServerConfig.builder().set("store", "hbase").set("port", "8081").set("cluster", "true")
        .set("cluster-secret", "0123456789abcdef").set("cluster-port", "8081").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("cluster-port");
  }

  @Test
  void zookeeperAuthIsSchemeAndCredentials() {
    ServerConfig c = ServerConfig.builder().set("store", "hbase").set("cluster", "true")
        .set("cluster-secret", "0123456789abcdef").set("zookeeper-auth", "digest:letterbox:pw").build();

    assertThat(c.cluster().zookeeperAuth()).isEqualTo("digest:letterbox:pw");
    assertThat(c.cluster().toString()).doesNotContain("pw");
    assertThatThrownBy(() -> ServerConfig.builder().set("store", "hbase").set("cluster", "true")
        .set("cluster-secret", "0123456789abcdef").set("zookeeper-auth", "password").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("zookeeper-auth");
  }

  @Test
  void aShortUserTokenSecretAnUnreadableJwksFileOrALongSkewIsRefused() {
    assertThatThrownBy(() -> ServerConfig.builder().set("user-token-secret", "x".repeat(31)).build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("user-token-secret");
    assertThatThrownBy(() -> ServerConfig.builder().set("user-token-jwks", "/no/such/jwks.json").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("user-token-jwks");
    assertThatThrownBy(() -> ServerConfig.builder().set("user-token-clock-skew", "PT11M").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("user-token-clock-skew");
    assertThatThrownBy(() -> ServerConfig.builder().set("user-token-max-ttl", "PT0S").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("user-token-max-ttl");
  }

  @Test
  void perUserLimitsHaveTheContractsDefaultsAndZeroTurnsOneOff() {
    assertThat(ServerConfig.builder().build().userLimits())
        .isEqualTo(new UserLimitSettings(20, 10, 2, 1L << 30, 50, 1_000, 5));
    UserLimitSettings set = ServerConfig.builder().set("user-sends-per-second", "0").set("user-streams", "3")
        .set("user-uploads", "1").set("user-blob-bytes-per-day", "1000").set("user-groups-per-day", "4")
        .set("user-member-adds-per-day", "5").set("user-searches-per-second", "6").build().userLimits();
    assertThat(set).isEqualTo(new UserLimitSettings(0, 3, 1, 1000, 4, 5, 6));
    assertThatThrownBy(() -> ServerConfig.builder().set("user-streams", "-1"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("user-streams");
  }

  @Test
  void theChangeStreamToKafkaIsOffByDefaultAndNeedsBothItsServersAndItsTopic() {
    KafkaChangeStreamSettings none = ServerConfig.builder().build().kafkaChangeStream();
    assertThat(none.enabled()).isFalse();
    assertThat(none.batch()).isEqualTo(500);
    KafkaChangeStreamSettings set = ServerConfig.builder().set("kafka-bootstrap-servers", "127.0.0.1:9092")
        .set("kafka-topic", "letterbox.feed").set("kafka-batch", "50").build().kafkaChangeStream();
    assertThat(set.enabled()).isTrue();
    assertThat(set.positionsTopic()).isEqualTo("letterbox.feed.positions");
    assertThat(set.transactionalId(12)).isEqualTo("letterbox-12");
    assertThat(set.batch()).isEqualTo(50);
    assertThatThrownBy(() -> ServerConfig.builder().set("kafka-bootstrap-servers", "127.0.0.1:9092").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("kafka-topic");
    assertThatThrownBy(() -> ServerConfig.builder().set("kafka-bootstrap-servers", "127.0.0.1:9092")
        .set("kafka-topic", "no spaces").build()).isInstanceOf(ConfigException.class).hasMessageContaining("kafka-topic");
    assertThatThrownBy(() -> ServerConfig.builder().set("kafka-batch", "0").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("kafka-batch");
  }

  @Test
  void webhooksAreOffUntilAUrlIsSetWhichNeedsASecretAndAnHttpUrl() {
    assertThat(ServerConfig.builder().build().webhooks().enabled()).isFalse();
    WebhookSettings on = ServerConfig.builder().set("webhook-url", "https://events.example/letterbox")
        .set("webhook-secret", "s").set("webhook-batch", "50").build().webhooks();
    assertThat(on.enabled()).isTrue();
    assertThat(on.batch()).isEqualTo(50);
    assertThat(on.backoffMin()).isEqualTo(Duration.ofSeconds(1));
    assertThat(on.backoffMax()).isEqualTo(Duration.ofSeconds(60));
    assertThatThrownBy(() -> ServerConfig.builder().set("webhook-url", "https://events.example/").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("webhook-secret");
    assertThatThrownBy(() -> ServerConfig.builder().set("webhook-url", "ftp://events.example/")
        .set("webhook-secret", "s").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("webhook-url");
    assertThatThrownBy(() -> ServerConfig.builder().set("webhook-backoff-min", "PT2M").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("webhook-backoff-max");
  }

  @Test
  void pushIsOffUntilAUrlIsSetWhichNeedsTheHookSecretAndAnHttpUrl() {
    PushSettings off = ServerConfig.builder().build().push();
    assertThat(off.enabled()).isFalse();
    assertThat(off.preview()).isFalse();
    assertThat(off.coalesce()).isEqualTo(Duration.ofSeconds(2));
    assertThat(off.broadcastRate()).isEqualTo(10_000);
    PushSettings on = ServerConfig.builder().set("push-url", "https://push.example/letterbox").set("hook-secret", "s")
        .set("push-preview", "true").set("push-coalesce", "PT5S").set("push-broadcast-rate", "500").build().push();
    assertThat(on.enabled()).isTrue();
    assertThat(on.preview()).isTrue();
    assertThat(on.coalesce()).isEqualTo(Duration.ofSeconds(5));
    assertThat(on.broadcastRate()).isEqualTo(500);
    assertThatThrownBy(() -> ServerConfig.builder().set("push-url", "https://push.example/").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("hook-secret");
    assertThatThrownBy(() -> ServerConfig.builder().set("push-url", "ftp://push.example/").set("hook-secret", "s")
        .build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("push-url");
    assertThatThrownBy(() -> ServerConfig.builder().set("push-broadcast-rate", "0").build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("push-broadcast-rate");
  }
}
