package io.letterbox.server.config;

import static io.letterbox.server.config.ConfigValues.bools;
import static io.letterbox.server.config.ConfigValues.caps;
import static io.letterbox.server.config.ConfigValues.durations;
import static io.letterbox.server.config.ConfigValues.integers;
import static io.letterbox.server.config.ConfigValues.lists;
import static io.letterbox.server.config.ConfigValues.longs;
import static io.letterbox.server.config.ConfigValues.anyOf;
import static io.letterbox.server.config.ConfigValues.optionalText;
import static io.letterbox.server.config.ConfigValues.orWhenEmpty;
import static io.letterbox.server.config.ConfigValues.path;
import static io.letterbox.server.config.ConfigValues.text;

import io.letterbox.blob.Blobs;
import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.hbase.HBaseStoreOptions;
import io.letterbox.id.Ids;
import io.letterbox.model.FrequencyCap;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Every setting of the server, declared once: key, type (its parser), default, meaning and, where
 * it matters, why that default. {@link ServerConfig.Builder#set} parses by these declarations,
 * {@code letterbox serve --help} lists them and the README's configuration table is checked
 * against them ({@code ReadmeSettingsTableTest}), in this order. The engine's settings and an
 * HBase store's keep their defaults in {@link LetterboxConfig.Builder} and
 * {@link HBaseStoreOptions.Builder}: their declarations read them there and pass values on.
 */
public final class ServerSettings {
  private static final List<Setting<?>> DECLARED = new ArrayList<>();
  private static final LetterboxConfig ENGINE_DEFAULTS = LetterboxConfig.builder().build();
  private static final HBaseStoreOptions HBASE_DEFAULTS = HBaseStoreOptions.builder().build();

  private ServerSettings() {}

  private static <T> Setting<T> declare(Setting<T> setting) {
    DECLARED.add(setting);
    return setting;
  }

  // Listening and access

  public static final Setting<String> HOST = declare(Setting.of("host", text(), "127.0.0.1")
      .meaning("address to listen on; anything but loopback requires `api-keys`")
      .because("Loopback: a server started without api-keys must not be reachable from outside."));

  public static final Setting<Integer> PORT = declare(Setting.of("port", integers(0, 65_535), 8080)
      .meaning("TCP port; `0` picks a free one"));

  public static final Setting<Path> DATA_DIR = declare(Setting.of("data-dir", path(), Path.of("data"))
      .meaning("directory of the RocksDB store")
      .defaultShownAs("./data"));

  public static final Setting<List<String>> API_KEYS = declare(Setting.of("api-keys", lists(), List.of())
      .meaning("comma-separated keys; clients send `Authorization: Bearer <key>`. Without keys the server listens on "
          + "loopback only and warns at start, and refuses (403) any request whose `Origin` or `Host` is not "
          + "loopback, so that web pages of other sites cannot use it; `/health` and `/openapi.json` never need a "
          + "key, `/metrics` does when keys are set")
      .because("None: then only a loopback address may be listened on (see ServerConfig.Builder#build)."));

  public static final Setting<String> USER_TOKEN_SECRET = declare(
      Setting.of("user-token-secret", optionalText(), null)
      .meaning("HS256 key of user tokens (its UTF-8 bytes, at least 32): a JWT whose `sub` is a uid acts as that user "
          + "only (below)")
      .because("No user tokens unless a secret or a JWKS file is given: then only service keys act."));

  public static final Setting<Path> USER_TOKEN_JWKS = declare(
      Setting.of("user-token-jwks", orWhenEmpty(null, path()), null)
      .meaning("path of a JWKS file of the platform's public keys: user tokens signed with RS256 or ES256"));

  public static final Setting<String> USER_TOKEN_ISSUER = declare(
      Setting.of("user-token-issuer", optionalText(), null)
      .meaning("the `iss` every user token must carry"));

  public static final Setting<String> USER_TOKEN_AUDIENCE = declare(
      Setting.of("user-token-audience", optionalText(), null)
      .meaning("the `aud` every user token must name; set it in production, so that a token the platform made for "
          + "another service is refused"));

  public static final Setting<Duration> USER_TOKEN_CLOCK_SKEW = declare(
      Setting.of("user-token-clock-skew", durations(), Duration.ofSeconds(60))
      .meaning("slack given to a user token's `exp`, `nbf` and `iat` (at most `PT10M`)")
      .because("Clocks of the issuer and this server may differ a little: exp and nbf get this much slack."));

  public static final Setting<Duration> USER_TOKEN_MAX_TTL = declare(
      Setting.of("user-token-max-ttl", durations(), Duration.ofDays(1))
      .meaning("longest lifetime of a user token: one whose `exp` lies further past its `iat` (past now without `iat`) "
          + "is 401; `letterbox token --ttl` refuses more")
      .because("A platform renews tokens well within a day, and a leaked one stops working by itself the next day even "
          + "if nobody revokes it."));


  // Per-user limits (decision 0021)

  public static final Setting<Long> USER_SENDS_PER_SECOND = declare(
      Setting.of("user-sends-per-second", longs(0, 1_000_000), 20L)
      .meaning("one-to-one sends and group posts together of one user token, with bursts of twice the rate; past it "
          + "429 `RATE_LIMITED` with `Retry-After`. `0`: no limit. Like every `user-…` limit: per node, service "
          + "keys not limited (decision 0021)")
      .because("Bursts of 40: far above what a person types, far below what a script floods."));

  public static final Setting<Integer> USER_STREAMS = declare(Setting.of("user-streams", integers(0, 1_000_000), 10)
      .meaning("event streams and sockets one user token has open at once (each counts until its connection closes)")
      .because("A user's phone, desktop and browser tabs, each reconnecting, with room to spare."));

  public static final Setting<Integer> USER_UPLOADS = declare(Setting.of("user-uploads", integers(0, 1_000_000), 2)
      .meaning("blob uploads (`POST /v1/blobs`) one user token has in progress at once")
      .because("Each upload holds up to max-blob-bytes of memory while its body arrives."));

  public static final Setting<Long> USER_BLOB_BYTES_PER_DAY = declare(
      Setting.of("user-blob-bytes-per-day", longs(0, 1L << 50), 1L << 30)
      .meaning("bytes of blobs one user token uploads a day (a body's `Content-Length` must fit in what is left; a "
          + "failed upload gives its bytes back)")
      .because("Hundreds of photos; a user storing more is not sending attachments."));

  public static final Setting<Long> USER_GROUPS_PER_DAY = declare(
      Setting.of("user-groups-per-day", longs(0, 1_000_000_000), 50L)
      .meaning("groups one user token creates a day")
      .because("A busy organiser, not a spammer's mass invitations."));

  public static final Setting<Long> USER_MEMBER_ADDS_PER_DAY = declare(
      Setting.of("user-member-adds-per-day", longs(0, 1_000_000_000), 1_000L)
      .meaning("members one user token adds to groups a day (each uid of `members` at creation or of `uids` in `POST "
          + "…/members`, each `PUT …/members/{uid}`)")
      .because("A busy organiser, not a spammer's mass invitations."));

  public static final Setting<Long> USER_SEARCHES_PER_SECOND = declare(
      Setting.of("user-searches-per-second", longs(0, 1_000_000), 5L)
      .meaning("searches of one user token")
      .because("A person typing; each search reads the index."));


  // Requests and the engine

  public static final Setting<Integer> MAX_BODY_BYTES = declare(
      Setting.of("max-body-bytes", integers(1, Integer.MAX_VALUE), 1 << 20)
      .meaning("largest request body; more is 413 `PAYLOAD_TOO_LARGE` (raise it for big imports)")
      .because("Far above the largest valid message (4,000 characters) and a full import batch."));

  public static final Setting<Integer> MAX_TEXT_LENGTH = declare(
      Setting.passedOn("max-text-length", integers(1, Integer.MAX_VALUE),
          ENGINE_DEFAULTS.maxTextLength(), (to, v) -> to.engine().maxTextLength(v))
      .meaning("longest message text, in characters"));

  public static final Setting<List<String>> DEVICES = declare(
      Setting.passedOn("devices", lists(),
          ENGINE_DEFAULTS.devices(), (to, v) -> to.engine().devices(v))
      .meaning("comma-separated device names that keep their own read position"));

  public static final Setting<FrequencyCap> DEFAULT_CAP = declare(
      Setting.passedOn("default-cap", orWhenEmpty(null, caps()),
          ENGINE_DEFAULTS.defaultCap().orElse(null), (to, v) -> to.engine().defaultCap(v))
      .meaning("cap of senders without their own, as `messages/period`, e.g. `1/P1D`"));

  public static final Setting<Integer> NODE_ID = declare(
      Setting.passedOn("node-id", integers(0, Ids.MAX_NODE),
          ENGINE_DEFAULTS.node(), (to, v) -> to.engine().node(v))
      .meaning("this process's number in the message id layout when the store has one partition (a cluster's writers "
          + "number ids by partition)"));

  public static final Setting<Integer> MAX_IMPORT_BATCH = declare(
      Setting.passedOn("max-import-batch", integers(1, Integer.MAX_VALUE),
          ENGINE_DEFAULTS.maxImportBatch(), (to, v) -> to.engine().maxImportBatch(v))
      .meaning("most messages one import request may carry"));

  public static final Setting<Long> CACHED_HEAD_BYTES = declare(
      Setting.passedOn("cached-head-bytes", longs(),
          ENGINE_DEFAULTS.cachedHeadBytes(), (to, v) -> to.engine().cachedHeadBytes(v))
      .meaning("heap for the broadcast senders of owners listing lately, and their newest broadcasts"));

  public static final Setting<Long> CACHED_GROUP_HEAD_BYTES = declare(
      Setting.passedOn("cached-group-head-bytes", longs(),
          ENGINE_DEFAULTS.cachedGroupHeadBytes(), (to, v) -> to.engine().cachedGroupHeadBytes(v))
      .meaning("heap for groups' newest message (~80 bytes a group), read by every list, unread count and sync of "
          + "their members; a node of a cluster caches none"));

  public static final Setting<Long> CACHED_MESSAGE_BYTES = declare(
      Setting.passedOn("cached-message-bytes", longs(),
          ENGINE_DEFAULTS.cachedMessageBytes(), (to, v) -> to.engine().cachedMessageBytes(v))
      .meaning("heap for the engine's cache of message texts"));

  public static final Setting<Integer> WORKER_THREADS = declare(
      Setting.of("worker-threads", integers(1, 1024), Cores.workerThreads(Cores.given()))
      .meaning("threads that run engine calls off the HTTP event loops (the event loops themselves are one per core)")
      .because("Most engine calls are CPU work on cached data, a few wait for the disk: four threads a core keep the "
          + "cores busy while some wait, without a crowd of threads taking turns on them (decision 0031).")
      .defaultDescribedAs("4 per core, at least 8"));

  public static final Setting<Integer> MAX_PENDING_CALLS = declare(
      Setting.of("max-pending-calls", integers(1, 1 << 20), Cores.maxPendingCalls(Cores.given()))
      .meaning("engine calls queued, running or waiting to be durable at once; past it a request is 429 `OVERLOADED` "
          + "with `Retry-After` (a flood is refused, not queued in memory)")
      .because("~100 ms of work at 20k calls/s a core, a few MiB of small requests; a flood past it is refused at once "
          + "rather than queued in memory behind every later request.")
      .defaultDescribedAs("2048 per core, at least 4096"));

  public static final Setting<Integer> MAX_CONNECTIONS = declare(
      Setting.of("max-connections", integers(0, 1 << 24), 0)
      .meaning("client connections open at once; past it a connection's requests are 429 `OVERLOADED` with "
          + "`Retry-After` and it is closed (a quarter more wait for their answer; beyond, closed at once), so that "
          + "the store keeps file descriptors. The default is half of what the open-file limit leaves once the "
          + "store is open: raise the limit (`LimitNOFILE`) rather than this")
      .because("Read at start (0): each connection is a descriptor, and the store (every table file of RocksDB) needs "
          + "more as it grows: a connection past the limit costs a refusal, a descriptor past it a failed flush.")
      .defaultDescribedAs("half the descriptors left"));

  public static final Setting<Long> MAX_BODY_BUFFER_BYTES = declare(
      Setting.of("max-body-buffer-bytes", longs(1024, 1L << 40), 0L)
      .meaning("request bodies held in memory at once, all requests together, counted as their bytes arrive (not as "
          + "`Content-Length` announces them); a body whose bytes do not fit is 429 `OVERLOADED`, and one user (a "
          + "user token) may hold at most a quarter of it (or one largest body, if more): past it, 429 "
          + "`RATE_LIMITED`")
      .because("Read at build time (0): bodies are buffered whole, and a few hundred uploads of max-blob-bytes at once "
          + "would take the heap; what it leaves is the engine's.")
      .defaultDescribedAs("a quarter of the heap"));

  public static final Setting<Long> CACHED_AUDIENCE_BYTES = declare(
      Setting.passedOn("cached-audience-bytes", longs(),
          ENGINE_DEFAULTS.cachedAudienceBytes(), (to, v) -> to.engine().cachedAudienceBytes(v))
      .meaning("heap for the newest audience rows of broadcast senders, shared by all their readers"));

  public static final Setting<Long> CACHED_BROADCAST_ID_BYTES = declare(
      Setting.passedOn("cached-broadcast-id-bytes", longs(),
          ENGINE_DEFAULTS.cachedBroadcastIdBytes(), (to, v) -> to.engine().cachedBroadcastIdBytes(v))
      .meaning("heap for senders' newest broadcast ids and which broadcasts are published (~96 bytes each)"));

  public static final Setting<Integer> MAX_AUDIENCE_UIDS = declare(
      Setting.passedOn("max-audience-uids", integers(1, Integer.MAX_VALUE),
          ENGINE_DEFAULTS.maxAudienceUids(), (to, v) -> to.engine().maxAudienceUids(v))
      .meaning("most uids one broadcast list, segment edit or follower load may carry (bodies are also bounded by "
          + "`max-body-bytes`)"));

  public static final Setting<Integer> NORMAL_LANE_THREADS = declare(
      Setting.passedOn("normal-lane-threads", integers(1, 64),
          ENGINE_DEFAULTS.normalLaneThreads(), (to, v) -> to.engine().normalLaneThreads(v))
      .meaning("concurrent fan-outs of normal-priority broadcasts"));

  public static final Setting<Integer> HIGH_LANE_THREADS = declare(
      Setting.passedOn("high-lane-threads", integers(1, 64),
          ENGINE_DEFAULTS.highLaneThreads(), (to, v) -> to.engine().highLaneThreads(v))
      .meaning("concurrent fan-outs of high-priority broadcasts"));

  public static final Setting<Long> PREWARM_MIN_RECEIVERS = declare(
      Setting.passedOn("prewarm-min-receivers", longs(),
          ENGINE_DEFAULTS.prewarmMinReceivers(), (to, v) -> to.engine().prewarmMinReceivers(v))
      .meaning("senders whose broadcasts reach at least this many have their audience heads loaded at start"));

  public static final Setting<Integer> FANOUT_ATTEMPTS = declare(
      Setting.passedOn("fanout-attempts", integers(1, Integer.MAX_VALUE),
          ENGINE_DEFAULTS.fanoutAttempts(), (to, v) -> to.engine().fanoutAttempts(v))
      .meaning("tries of a broadcast's fan-out before its status is `failed` (at least 1); `POST "
          + "/v1/broadcasts/{id}/resume` or a restart resumes a failed one"));

  public static final Setting<Duration> FANOUT_RETRY_DELAY = declare(
      Setting.passedOn("fanout-retry-delay", durations(),
          ENGINE_DEFAULTS.fanoutRetryDelay(), (to, v) -> to.engine().fanoutRetryDelay(v))
      .meaning("ISO-8601 wait before the second try of a fan-out; doubled for each later one, at most a minute"));


  // The store

  public static final Setting<String> STORE = declare(Setting.of("store", anyOf("rocksdb", "hbase"), "rocksdb")
      .meaning("`rocksdb` (in `data-dir`) or `hbase` (the keys below; `docs/hbase.md`)")
      .because("The embedded store; hbase when the data outgrows one machine (docs/hbase.md)."));

  public static final Setting<Long> ROCKSDB_BLOCK_CACHE_BYTES = declare(
      Setting.of("rocksdb-block-cache-bytes", longs(1L << 20, Long.MAX_VALUE), 1L << 30)
      .meaning("RocksDB's block cache (1 GiB): reads that miss it go to disk; give it a good share of the machine's "
          + "memory")
      .because("docs/benchmarks.md: 5M messages read 2-3x faster with 3 GiB than with 256 MiB."));

  public static final Setting<Path> BACKUP_DIR = declare(Setting.of("backup-dir", orWhenEmpty(null, path()), null)
      .meaning("directory of the `rocksdb` store's online backups (`POST /v1/admin/backups`; restore with "
          + "`letterbox restore`), outside `data-dir`, best on another disk; on `hbase`, `letterbox backup` takes "
          + "snapshots instead (decision 0047)")
      .because("None: a backup is a copy of the whole store, which only the operator can place."));

  public static final Setting<String> HBASE_QUORUM = declare(
      Setting.passedOn("hbase-quorum", text(),
          HBASE_DEFAULTS.quorum(), (to, v) -> to.hbase().quorum(v))
      .meaning("ZooKeeper quorum of the HBase cluster, `host:port[,host:port]`"));

  public static final Setting<String> HBASE_NAMESPACE = declare(
      Setting.passedOn("hbase-namespace", text(),
          HBASE_DEFAULTS.namespace(), (to, v) -> to.hbase().namespace(v))
      .meaning("HBase namespace of this deployment: one table per space in it"));

  public static final Setting<Integer> HBASE_SALT_BUCKETS = declare(
      Setting.passedOn("hbase-salt-buckets", integers(1, 256),
          HBASE_DEFAULTS.saltBuckets(), (to, v) -> to.hbase().saltBuckets(v))
      .meaning("salt values and pre-split regions of each table, when created (1-256)"));

  public static final Setting<Boolean> HBASE_FSYNC_WAL = declare(
      Setting.passedOn("hbase-fsync-wal", bools(),
          HBASE_DEFAULTS.fsyncWal(), (to, v) -> to.hbase().fsyncWal(v))
      .meaning("`true`: writes wait for the WAL on the datanodes' disks, not only in their memory"));

  /** Any HBase client setting, e.g. {@code hbase-client.zookeeper.znode.parent=/hbase-unsecure}. */
  public static final String HBASE_CLIENT_PREFIX = "hbase-client.";
  public static final Setting<Map<String, String>> HBASE_CLIENT = declare(Setting.of("hbase-client.NAME", null,
      Map.<String, String>of())
      .meaning("any HBase client setting `NAME`, e.g. `hbase-client.zookeeper.znode.parent`")
      .defaultDescribedAs(""));

  public static final Setting<Integer> PARTITIONS = declare(
      Setting.passedOn("partitions", integers(1, Partitioning.MAX),
          ENGINE_DEFAULTS.partitions(), (to, v) -> to.engine().partitions(v))
      .meaning("P, the store's partition count, recorded when the store is created and fixed afterwards (1-512); a "
          + "different value is refused at start")
      .defaultDescribedAs("(the store's; 64 for a new cluster namespace, else one per two cores)"));

  public static final Setting<Integer> SEQUENCERS = declare(
      Setting.passedOn("sequencers", integers(0, Partitioning.MAX),
          ENGINE_DEFAULTS.sequencers(), (to, v) -> to.engine().sequencers(v))
      .meaning("the node's writer threads, each deciding and writing the commands of its share of the node's "
          + "partitions; 0: one per core, at most one per partition"));

  public static final Setting<Duration> DELIVERY_WAIT = declare(
      Setting.passedOn("delivery-wait", durations(),
          ENGINE_DEFAULTS.deliveryWait(), (to, v) -> to.engine().deliveryWait(v))
      .meaning("how long a send's reply waits for the receiver's partition (another partition, on this node or "
          + "another) to apply it, so the receiver reads it once the sender has its reply; `PT0S` answers at the "
          + "sender's commit; the message is durable either way"));

  public static final Setting<Boolean> SEARCH = declare(
      Setting.passedOn("search", bools(),
          ENGINE_DEFAULTS.search(), (to, v) -> to.engine().search(v))
      .meaning("whether messages are indexed for search; `false` saves the indexing (searches then answer 404), and "
          + "turned on again the index catches up from where it stopped. The indexing runs behind the writes at the "
          + "lowest CPU priority (on Linux): on a saturated machine sends come first and the index catches up after"));

  public static final Setting<Duration> SEARCH_WAIT = declare(
      Setting.passedOn("search-wait", durations(),
          ENGINE_DEFAULTS.searchWait(), (to, v) -> to.engine().searchWait(v))
      .meaning("how long a search waits for the index to cover what its user's partition wrote before the search "
          + "arrived (decision 0012); past it the search answers from what is indexed"));

  public static final Setting<Long> MAX_BLOB_BYTES = declare(
      Setting.passedOn("max-blob-bytes", longs(1, Blobs.MAX_BYTES),
          ENGINE_DEFAULTS.maxBlobBytes(), (to, v) -> to.engine().maxBlobBytes(v))
      .meaning("largest blob (`POST /v1/blobs`, an attachment's bytes); more is 413 `PAYLOAD_TOO_LARGE` (up to 1 GiB; "
          + "blob bodies are not bounded by `max-body-bytes`)"));

  public static final Setting<List<String>> INLINE_BLOB_TYPES = declare(
      Setting.of("inline-blob-types", lists(),
          List.of("image/png", "image/jpeg", "image/gif", "image/webp", "audio/*", "video/*", "text/plain"))
      .meaning("blob types served to be shown in place (`type/subtype` or `type/*`, parameters ignored); any other "
          + "type is served with `Content-Disposition: attachment` and `Content-Security-Policy: sandbox`")
      .because("Images, sound, video and plain text, which browsers show without running anything; HTML, SVG and the "
          + "rest could run script on the API's origin, so they are downloads."));

  public static final Setting<Duration> RECALL_WINDOW = declare(
      Setting.passedOn("recall-window", durations(),
          ENGINE_DEFAULTS.recallWindow(), (to, v) -> to.engine().recallWindow(v))
      .meaning("how long after sending it a sender may recall a message (`POST /v1/users/{uid}/messages/{id}/recall`), "
          + "at most `P1D`"));

  public static final Setting<Duration> EDIT_WINDOW = declare(
      Setting.passedOn("edit-window", durations(),
          ENGINE_DEFAULTS.editWindow(), (to, v) -> to.engine().editWindow(v))
      .meaning("how long after sending it a sender may edit a text message (`PATCH /v1/users/{uid}/messages/{id}`), at "
          + "most `P1D`"));

  public static final Setting<Integer> MAX_GROUP_MEMBERS = declare(
      Setting.passedOn("max-group-members", integers(2, 10_000_000),
          ENGINE_DEFAULTS.maxGroupMembers(), (to, v) -> to.engine().maxGroupMembers(v))
      .meaning("most members a group may have; a create or add past it is 409 `GROUP_FULL` (a post costs the same "
          + "whatever the group's size)"));

  public static final Setting<Duration> SYNC_RETENTION = declare(
      Setting.passedOn("sync-retention", durations(),
          ENGINE_DEFAULTS.syncRetention(), (to, v) -> to.engine().syncRetention(v))
      .meaning("how long each user's change feed keeps its events for `/sync` and resumed streams (whole days, "
          + "`P1D`-`P366D`); an older position is 410 `SYNC_TOO_OLD`"));

  public static final Setting<Duration> ERASURE_GRACE = declare(
      Setting.passedOn("erasure-grace", durations(),
          ENGINE_DEFAULTS.erasureGrace(), (to, v) -> to.engine().erasureGrace(v))
      .meaning("how soon after an erasure of a user is done (`DELETE /v1/users/{uid}`) no file under the data "
          + "directory holds its text: a full compaction of the store runs within half of it (decision 0044)")
      .because("A day: at most two full compactions a day for any number of erasures."));
  public static final Setting<Duration> MESSAGE_RETENTION = declare(
      Setting.passedOn("message-retention", orWhenEmpty(null, (key, v) -> {
        Duration d = ConfigValues.duration(key, v);
        if (d.compareTo(io.letterbox.engine.LetterboxConfig.MIN_MESSAGE_RETENTION) < 0) {
          throw new ConfigException(key + " must be at least P1D: '" + v + "'");
        }
        return d;
      }), null, (to, v) -> to.engine().messageRetention(v))
      .meaning("how long messages are kept (at least `P1D`, e.g. `P365D`): older ones are removed for everyone, from "
          + "every space including the action log, within a day of passing it (decision 0045); users on legal hold "
          + "keep theirs; none: kept forever")
      .defaultDescribedAs("(none)"));
  public static final Setting<Duration> MAX_SCHEDULE_AHEAD = declare(
      Setting.passedOn("max-schedule-ahead", durations(),
          ENGINE_DEFAULTS.maxScheduleAhead(), (to, v) -> to.engine().maxScheduleAhead(v))
      .meaning("how far ahead a message may be scheduled (`sendAt`); later is 400 (decision 0052)"));


  // Webhooks (decision 0040)

  public static final Setting<String> WEBHOOK_URL = declare(Setting.of("webhook-url", optionalText(), null)
      .meaning("URL every event of every owner's feed (as `/sync` gives it, with `owner`) is POSTed to in batches "
          + "`{\"events\":[…]}`, signed with `webhook-secret`: at least once, in order per owner, resumed from "
          + "the last delivered position; status at `GET /v1/webhooks`")
      .because("None: a platform that does not listen pays nothing."));

  public static final Setting<String> WEBHOOK_SECRET = declare(Setting.of("webhook-secret", optionalText(), null)
      .meaning("key of the `X-Letterbox-Signature: sha256=<hex HMAC-SHA256 of the body>` header of webhook calls"));

  public static final Setting<Integer> WEBHOOK_BATCH = declare(Setting.of("webhook-batch", integers(1, 10_000), 100)
      .meaning("most events in one webhook call")
      .because("A hundred events make a body of some tens of kilobytes: few calls, none too big for a proxy."));

  public static final Setting<Duration> WEBHOOK_TIMEOUT = declare(
      Setting.of("webhook-timeout", durations(), Duration.ofSeconds(10))
      .meaning("how long a webhook call may take; past it the call counts as failed and is made again"));

  public static final Setting<Duration> WEBHOOK_BACKOFF_MIN = declare(
      Setting.of("webhook-backoff-min", durations(), Duration.ofSeconds(1))
      .meaning("the wait before a failed webhook call is made again; it doubles with each failure in a row, up to "
          + "`webhook-backoff-max`"));

  public static final Setting<Duration> WEBHOOK_BACKOFF_MAX = declare(
      Setting.of("webhook-backoff-max", durations(), Duration.ofSeconds(60))
      .meaning("the longest wait between calls while the webhook endpoint fails"));


  // Offline push (decision 0043, docs/platform-hooks.md)

  public static final Setting<String> PUSH_URL = declare(Setting.of("push-url", optionalText(), null)
      .meaning("URL a message is POSTed to, as `{\"uid\",\"badge\",\"from\" or \"group\",\"messageId\",\"preview\"}` signed "
          + "with `hook-secret`, when it reaches an owner with no open event stream or socket: never for a muted "
          + "conversation or one's own message; broadcasts only when their request says `\"push\":true`")
      .because("None: a platform without a push service pays nothing."));

  public static final Setting<Boolean> PUSH_PREVIEW = declare(Setting.of("push-preview", bools(), false)
      .meaning("`true`: a push carries the message's text as `preview`")
      .because("No text leaves Letterbox unless the platform asks for it: a push service is one more party."));

  public static final Setting<Duration> PUSH_COALESCE = declare(
      Setting.of("push-coalesce", durations(), Duration.ofSeconds(2))
      .meaning("at most one push per owner this often, carrying the newest message and the badge as it is then")
      .because("A burst of messages makes one notification, and a phone buzzes once."));

  public static final Setting<Long> PUSH_BROADCAST_RATE = declare(
      Setting.of("push-broadcast-rate", longs(1, 10_000_000), 10_000L)
      .meaning("most receivers a second that broadcasts asking for push are pushed to, over all broadcasts, per node")
      .because("A broadcast to millions must not flood the push service; 10,000 a second reach a million in "
          + "under two minutes."));


  // Event streams and slow clients

  public static final Setting<Duration> EVENT_KEEP_ALIVE = declare(
      Setting.of("event-keep-alive", durations(), Duration.ofSeconds(15))
      .meaning("how often an idle event stream gets a keep-alive (an SSE comment, a WebSocket ping); at most `PT15S`")
      .because("API.md: a comment at least every 15 s keeps proxies from closing an idle stream."));

  public static final Setting<Duration> CLIENT_TIMEOUT = declare(
      Setting.of("client-timeout", durations(), Duration.ofSeconds(30))
      .meaning("a connection silent this long (nothing read or written) is closed; more than `event-keep-alive` and "
          + "more than `body-read-timeout`")
      .because("Twice event-keep-alive, so an idle event stream is never cut, and long past body-read-timeout, so a "
          + "stalled body gets its 408 before its connection is closed."));

  public static final Setting<Duration> BODY_READ_TIMEOUT = declare(
      Setting.of("body-read-timeout", durations(), Duration.ofSeconds(10))
      .meaning("a request body not complete this long after its headers is 408 `REQUEST_TIMEOUT`, its bytes given back "
          + "and its connection closed (slow or stalled clients cannot hold connections or memory)")
      .because("API.md: a phone on a bad network sends a 1 MiB body well within it; a client trickling bytes to hold "
          + "connections and body buffers (slowloris) is cut off after it."));

  public static final Setting<Long> EVENT_BUFFER_BYTES = declare(
      Setting.of("event-buffer-bytes", longs(1024, 1L << 30), 1L << 20)
      .meaning("unsent bytes an event stream may hold for a slow client; past it the stream ends with `SLOW_CONSUMER` "
          + "and the client resumes from its last position")
      .because("A few thousand events; a client that far behind reconnects and syncs instead."));

  public static final Setting<Long> EVENT_BUFFER_TOTAL_BYTES = declare(
      Setting.of("event-buffer-total-bytes", longs(1024, 1L << 40), 0L)
      .meaning("unsent bytes of all event streams together; the stream whose next event would pass it ends with "
          + "`SLOW_CONSUMER` too (in use now: `letterbox_event_buffer_bytes`; a stream gives back its bytes "
          + "whenever its connection closes)")
      .because("Read at build time (0): each stream's buffer is bounded, but streams are as many as connections, so "
          + "their sum needs a bound of its own.")
      .defaultDescribedAs("an eighth of the heap"));

  public static final Setting<Boolean> REQUESTS_FOLDER = declare(
      Setting.passedOn("requests-folder", bools(),
          ENGINE_DEFAULTS.requestsFolder(), (to, v) -> to.engine().requestsFolder(v))
      .meaning("`true`: a conversation started by a peer the owner neither follows nor ever wrote to waits under "
          + "`?folder=requests` (its unread summary is in the default list's `requests`) until the owner replies or "
          + "follows it"));


  // Platform hooks

  public static final Setting<String> HOOK_BEFORE_SEND_URL = declare(
      Setting.of("hook-before-send-url", optionalText(), null)
      .meaning("URL every one-to-one send, group post and broadcast is first POSTed to, signed with `hook-secret`; it "
          + "answers allow, reject (403 `REJECTED`) or replace. Imports and idempotent retries are not hooked")
      .because("None: a platform without a content policy pays nothing."));

  public static final Setting<String> HOOK_SECRET = declare(Setting.of("hook-secret", optionalText(), null)
      .meaning("key of the `X-Letterbox-Signature: sha256=<hex HMAC-SHA256 of the body>` header of hook calls"));

  public static final Setting<Duration> HOOK_BEFORE_SEND_TIMEOUT = declare(
      Setting.of("hook-before-send-timeout", durations(), Duration.ofMillis(300))
      .meaning("how long a send waits for the before-send hook's answer; past it `hook-before-send-failure` decides")
      .because("A person does not notice 0.3 s more on a send; a stalled policy service must not stall sending."));

  public static final Setting<String> HOOK_BEFORE_SEND_FAILURE = declare(
      Setting.of("hook-before-send-failure", anyOf("allow", "reject"), "allow")
      .meaning("what a send does when the hook does not answer in time or answers something else: `allow` stores it, "
          + "`reject` refuses it (503 `HOOK_UNAVAILABLE`)")
      .because("Allow: an unavailable policy service should not stop people talking; set reject where it must."));


  // A cluster (docs/hbase.md, "Several nodes")

  public static final Setting<Boolean> CLUSTER = declare(Setting.of("cluster", bools(), false)
      .meaning("`true`: this server is one node of a cluster sharing one HBase namespace (`store=hbase`; docs/hbase.md "
          + "\"Several nodes\")"));

  public static final Setting<String> CLUSTER_NODE = declare(Setting.of("cluster-node", text(), null)
      .meaning("this node's member id, unique among the live members")
      .defaultShownAs("<cluster-url host>-<port>"));

  public static final Setting<String> CLUSTER_URL = declare(Setting.of("cluster-url", text(), null)
      .meaning("the base URL the other nodes reach this one at (required when `host` is a wildcard)")
      .defaultShownAs("http://<host>:<port>"));

  public static final Setting<String> CLUSTER_SECRET = declare(Setting.of("cluster-secret", text(), null)
      .meaning("shared by all nodes, at least 16 characters, never sent: each node proves in ZooKeeper that it holds "
          + "it, and signs its internal calls and forwarded requests with it (HTTP/2 cleartext on the API port, or "
          + "on `cluster-port`; keep the nodes on a private network, their clocks within 10 s)"));

  public static final Setting<Duration> CLUSTER_SESSION_TIMEOUT = declare(
      Setting.of("cluster-session-timeout", durations(), Duration.ofSeconds(10))
      .meaning("how long ZooKeeper waits before it counts a silent node gone and its partitions move")
      .because("ZooKeeper's usual bounds are 2..20 ticks of 2 s; 10 s moves a dead node's partitions soon without "
          + "counting a long GC pause as a death."));

  public static final Setting<Integer> CLUSTER_PORT = declare(
      Setting.of("cluster-port", orWhenEmpty(0, integers(1, 65_535)), 0)
      .meaning("a listener of the members' own for their internal calls and forwarded requests (HTTP/2 cleartext); the "
          + "API's port then answers internal routes 404, and `cluster-url` defaults to this port")
      .because("None: the internal routes share the API's port, guarded by their signatures.")
      .defaultDescribedAs("(none)"));

  public static final Setting<String> CLUSTER_HOST = declare(Setting.of("cluster-host", optionalText(), null)
      .meaning("the interface of the `cluster-port` listener: a private one keeps the members' calls off the public "
          + "network")
      .defaultShownAs("host"));

  public static final Setting<String> ZOOKEEPER_AUTH = declare(Setting.of("zookeeper-auth", optionalText(), null)
      .meaning("`scheme:credentials`, e.g. `digest:letterbox:a-password`, the same on every node: the cluster's znodes "
          + "are then writable by that identity only (readable by all); without it they are open and the node warns "
          + "at start")
      .because("None: like HBase's own znodes by default, the cluster's are open, and start warns."));

  // Change stream to Kafka (decision 0041, docs/kafka-change-stream.md)

  public static final Setting<String> KAFKA_BOOTSTRAP_SERVERS = declare(
      Setting.of("kafka-bootstrap-servers", optionalText(), null)
      .meaning("`host:port,…` of a Kafka cluster: with `kafka-topic`, every event of every owner's feed is produced "
          + "there, exactly once for a `read_committed` consumer (docs/kafka-change-stream.md)")
      .because("None: no change stream."));

  public static final Setting<String> KAFKA_TOPIC = declare(Setting.of("kafka-topic", optionalText(), null)
      .meaning("the topic of the change stream (key: the owner's uid; value: the event's JSON as `/sync` gives it); "
          + "the produced positions go to the compacted topic `<kafka-topic>.positions`. Both are created when "
          + "missing"));

  public static final Setting<String> KAFKA_TRANSACTIONAL_ID_PREFIX = declare(
      Setting.of("kafka-transactional-id-prefix", text(), "letterbox-")
      .meaning("each partition's producer has the `transactional.id` prefix + partition number; a partition's new "
          + "owner fences the old one by it. Unique per Letterbox store sharing the Kafka cluster")
      .because("One store per Kafka cluster needs no more; a second store sets its own."));

  public static final Setting<Integer> KAFKA_BATCH = declare(
      Setting.of("kafka-batch", integers(1, 100_000), 500)
      .meaning("most events in one Kafka transaction (one transaction commits the events with their position)")
      .because("A commit costs a round trip to every partition it wrote; 500 events share it."));

  private static final List<Setting<?>> ALL = Collections.unmodifiableList(DECLARED);
  private static final Map<String, Setting<?>> BY_KEY = ALL.stream().filter(s -> s != HBASE_CLIENT)
      .collect(java.util.stream.Collectors.toUnmodifiableMap(Setting::key, s -> s));

  /** The setting of {@code key}, as in the file; null if there is none (or it is a family such as hbase-client.NAME). */
  static Setting<?> byKey(String key) {
    return BY_KEY.get(key);
  }

  /** Every setting, in the order the README's table and {@code serve --help} show them. */
  public static List<Setting<?>> all() {
    return ALL;
  }
}
