package io.letterbox.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.hbase.MiniHBase;
import io.letterbox.hbase.MiniHBaseExtension;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.ClusterNodes;
import io.letterbox.server.support.Reply;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three Letterbox nodes (child JVMs) on one HBase namespace of the mini cluster: any node answers
 * any request, a killed or frozen node's partitions move, a frozen node's late writes never land,
 * a broadcast's fan-out survives its owner, and a rolling restart loses nothing.
 */
@Tag("cluster")
@ExtendWith(MiniHBaseExtension.class)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class ClusterNodesTest {
  private static final int PARTITIONS = 8;
  private static final Duration SESSION = Duration.ofSeconds(4);
  private static final Partitioning PARTITIONING = new Partitioning(PARTITIONS);
  private static int namespaces;

  @TempDir
  Path dir;
  ClusterNodes nodes;
  final Map<String, String> acked = new ConcurrentHashMap<>();
  final Map<String, List<Long>> sentPairs = new ConcurrentHashMap<>();
  final List<String> failures = new java.util.concurrent.CopyOnWriteArrayList<>();

  @BeforeEach
  void threeNodes(MiniHBase hbase) throws Exception {
    String namespace = "cluster" + namespaces++;
    ClusterNodes.createTables(hbase, namespace);
    nodes = new ClusterNodes(dir, hbase.quorum(), namespace, 3, PARTITIONS, SESSION);
    nodes.startAll();
  }

  @AfterEach
  void stopNodes() {
    nodes.close();
  }

  @Test
  void sendsThroughAnyNodeAppearOnceInBothHistoriesWithExactCounters() throws Exception {
    nodes.awaitCluster("three members hosting every partition", Duration.ofSeconds(120),
        () -> members(nodes.api(0)) == 3 && allHosted(nodes.api(0)));
    JsonNode cluster = nodes.api(1).get("/v1/cluster").json();
    int most = 0;
    int total = 0;
    for (JsonNode m : cluster.get("members")) {
      most = Math.max(most, m.get("partitions").size());
      total += m.get("partitions").size();
    }
    assertThat(total).isEqualTo(PARTITIONS);
    assertThat(most).as("balanced").isLessThanOrEqualTo((PARTITIONS + 2) / 3);

    runSenders(4, 75, () -> false);
    verifyAcknowledged();
    assertThat(failures).isEmpty();
    verifyExports();
  }

  /** A user's export through each node (forwarded, streamed, to its owner's) holds every message of its. */
  private void verifyExports() {
    String first = sentPairs.keySet().iterator().next();
    long user = Long.parseLong(first.split(">")[0]);
    Set<Long> expected = new HashSet<>();
    sentPairs.forEach((pair, ids) -> {
      String[] p = pair.split(">");
      if (Long.parseLong(p[0]) == user || Long.parseLong(p[1]) == user) {
        expected.addAll(ids);
      }
    });
    for (int node = 0; node < 3; node++) {
      Reply export = nodes.api(node).get("/v1/users/" + user + "/export");
      assertThat(export.status()).as("%s", export).isEqualTo(200);
      List<Long> ids = export.body().lines().map(ClusterNodesTest::json).filter(l -> l.has("message"))
          .map(l -> l.get("message").get("id").asLong()).toList();
      assertThat(ids).as("export of %d through node %d", user, node).doesNotHaveDuplicates()
          .containsExactlyInAnyOrderElementsOf(expected);
    }
  }

  private static JsonNode json(String line) {
    try {
      return new com.fasterxml.jackson.databind.ObjectMapper().readTree(line);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void aKilledNodesPartitionsMoveWithinTheSessionTimeoutAndNothingAcknowledgedIsLost() throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    ExecutorService load = Executors.newSingleThreadExecutor();
    var senders = load.submit(() -> {
      runSenders(32, Integer.MAX_VALUE, stop::get);
      return null;
    });
    await().atMost(Duration.ofSeconds(120)).until(() -> acked.size() >= 200);
    nodes.kill(2);
    long killed = System.nanoTime();
    nodes.awaitCluster("two members hosting every partition", SESSION.plusSeconds(60),
        () -> members(nodes.api(0)) == 2 && allHosted(nodes.api(0)) && allHosted(nodes.api(1)));
    Duration moved = Duration.ofNanos(System.nanoTime() - killed);
    assertThat(moved).as("partitions moved within the session timeout + 10 s").isLessThan(SESSION.plusSeconds(10));
    int before = acked.size();
    await().atMost(Duration.ofSeconds(120)).until(() -> acked.size() >= before + 200);
    stop.set(true);
    senders.get(5, TimeUnit.MINUTES);
    load.shutdown();
    verifyAcknowledged();
  }

  @Test
  void aFrozenNodeThatLostItsPartitionsWritesNothingWhenItThaws() throws Exception {
    long sender = uidOwnedBy(nodes.api(0), "node2");
    long receiver = sender + 1_000_000;
    Api frozen = nodes.api(2);
    Map<String, Integer> answers = new ConcurrentHashMap<>();
    AtomicBoolean stop = new AtomicBoolean();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    AtomicInteger n = new AtomicInteger();
    for (int t = 0; t < 8; t++) {
      pool.submit(() -> {
        while (!stop.get()) {
          String text = "frozen-" + n.incrementAndGet();
          int status;
          try {
            status = frozen.post("/v1/messages", body(sender, receiver, text, null)).status();
          } catch (AssertionError connectionLost) {
            status = -1;
          }
          answers.put(text, status);
        }
      });
    }
    await().atMost(Duration.ofSeconds(60)).until(() -> answers.values().stream().filter(s -> s == 201).count() >= 50);
    nodes.pause(2);
    nodes.awaitCluster("two members hosting every partition", SESSION.plusSeconds(60),
        () -> members(nodes.api(0)) == 2 && allHosted(nodes.api(0)) && allHosted(nodes.api(1)));
    // A write through the new owner, then the frozen node thaws with its requests half done.
    String after = "after the move";
    assertThat(nodes.api(0).post("/v1/messages", body(sender, receiver, after, null)).status()).isEqualTo(201);
    nodes.resume(2);
    nodes.awaitCluster("the thawed node back as a member", Duration.ofSeconds(120), () -> members(nodes.api(0)) == 3);
    stop.set(true);
    pool.shutdown();
    assertThat(pool.awaitTermination(3, TimeUnit.MINUTES)).isTrue();
    nodes.awaitCluster("every partition hosted, the thawed node healthy", Duration.ofSeconds(120),
        () -> allHosted(nodes.api(0)) && ClusterNodes.healthy(frozen));

    Set<String> stored = new HashSet<>();
    for (JsonNode m : history(nodes.api(1), receiver, sender)) {
      assertThat(stored.add(m.get("text").asText())).as("once: %s", m.get("text").asText()).isTrue();
    }
    assertThat(stored).contains(after);
    for (Map.Entry<String, Integer> a : answers.entrySet()) {
      if (a.getValue() == 201) {
        assertThat(stored).as("acknowledged %s", a.getKey()).contains(a.getKey());
      } else {
        assertThat(a.getValue()).as("%s answered", a.getKey()).isIn(503, -1);
        assertThat(stored).as("a write the frozen node did not acknowledge: %s", a.getKey()).doesNotContain(a.getKey());
      }
    }
    JsonNode cluster = nodes.api(2).get("/v1/cluster").json();
    assertThat(cluster.get("members").size()).isEqualTo(3);
    assertThat(cluster.get("hosted").size()).as("it rejoined and hosts partitions again").isPositive();
  }

  @Test
  void aBroadcastWhoseOwnerDiesMidFanOutCompletesOnTheNewOwner() throws Exception {
    long sender = uidOwnedBy(nodes.api(0), "node2");
    StringBuilder uids = new StringBuilder();
    for (int i = 0; i < 30_000; i++) {
      uids.append(i == 0 ? "" : ",").append('"').append(50_000_000L + i * 7L).append('"');
    }
    Reply accepted = nodes.api(0).post("/v1/broadcasts", "{\"from\":\"" + sender + "\",\"text\":\"to many\","
        + "\"audience\":{\"type\":\"uids\",\"uids\":[" + uids + "]}}");
    assertThat(accepted.status()).as(accepted.body()).isEqualTo(202);
    String id = accepted.json().get("id").asText();
    nodes.kill(2);
    await().atMost(Duration.ofSeconds(180)).pollInterval(Duration.ofMillis(250)).until(() -> {
      Reply b = nodes.api(1).get("/v1/broadcasts/" + id);
      return b.status() == 200 && b.json().get("status").asText().equals("done");
    });
    for (long receiver : new long[] {50_000_000L, 50_000_000L + 7 * 15_000, 50_000_000L + 7 * 29_999}) {
      List<JsonNode> seen = history(nodes.api(0), receiver, sender);
      assertThat(seen).extracting(m -> m.get("id").asText()).containsExactly(id);
      JsonNode list = nodes.api(1).get("/v1/users/" + receiver + "/conversations").json().get("items");
      assertThat(list).extracting(c -> c.get("peer").asText()).contains(Long.toString(sender));
    }
  }

  @Test
  void aRollingRestartUnderLoadLosesNothingAndRefusesOnlyWithRetryAfter() throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    ExecutorService load = Executors.newSingleThreadExecutor();
    var senders = load.submit(() -> {
      runSenders(8, Integer.MAX_VALUE, stop::get);
      return null;
    });
    await().atMost(Duration.ofSeconds(120)).until(() -> acked.size() >= 100);
    for (int i = 0; i < nodes.size(); i++) {
      nodes.stop(i);
      nodes.start(i);
      int before = acked.size();
      await().atMost(Duration.ofSeconds(120)).until(() -> acked.size() >= before + 50);
    }
    stop.set(true);
    senders.get(5, TimeUnit.MINUTES);
    load.shutdown();
    assertThat(failures).as("refusals other than 503 with Retry-After").isEmpty();
    verifyAcknowledged();
  }

  // --- load and checks ---

  /**
   * Sends from {@code threads} clients through random live nodes, each message with its own
   * idempotency key, retried (through any node) until it is acknowledged.
   */
  private void runSenders(int threads, int perThread, java.util.function.BooleanSupplier stop) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<java.util.concurrent.Future<?>> work = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      work.add(pool.submit(() -> {
        Random random = new Random(thread * 31L + 7);
        for (int i = 0; i < perThread && !stop.getAsBoolean(); i++) {
          long from = 1 + random.nextInt(20);
          long to = 1 + random.nextInt(20);
          if (from == to) {
            continue;
          }
          String key = "k-" + thread + "-" + i;
          sendUntilAcknowledged(random, from, to, key);
        }
        return null;
      }));
    }
    for (var f : work) {
      f.get(8, TimeUnit.MINUTES);
    }
    pool.shutdown();
  }

  /** Retries (every 100 ms, through a random live node) until a node acknowledges the message. */
  private void sendUntilAcknowledged(Random random, long from, long to, String key) {
    await("acknowledged: " + key).atMost(Duration.ofMinutes(3)).pollDelay(Duration.ZERO)
        .pollInterval(Duration.ofMillis(100)).until(() -> sendOnce(random, from, to, key));
  }

  /** @return whether a node acknowledged the message on this try */
  private boolean sendOnce(Random random, long from, long to, String key) {
    int node = random.nextInt(nodes.size());
    if (!nodes.alive(node)) {
      return false;
    }
    Reply r;
    try {
      r = nodes.api(node).post("/v1/messages", body(from, to, key, key));
    } catch (AssertionError connectionLost) {
      return false; // the node went away mid-request: another one gets the retry
    }
    if (r.status() == 201 || r.status() == 200) {
      String id = r.json().get("id").asText();
      String earlier = acked.putIfAbsent(key, id);
      assertThat(earlier).as("a retry of %s answers the same message", key).isIn(null, id);
      sentPairs.computeIfAbsent(from + ">" + to, k -> new java.util.concurrent.CopyOnWriteArrayList<>()).add(Long.parseLong(id));
      return true;
    }
    if (r.status() != 503 || r.headers().firstValue("Retry-After").isEmpty()) {
      failures.add(r.status() + " " + r.body());
    }
    return false;
  }

  /**
   * Every acknowledged message once in both parties' histories, and every unread count exact: at
   * once, or within a minute for deliveries an outbox still retries (their receiver's partition
   * was moving when they were acknowledged).
   */
  private void verifyAcknowledged() {
    await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1)).untilAsserted(this::checkAcknowledged);
  }

  private void checkAcknowledged() {
    assertThat(new HashSet<>(acked.values())).as("one message per key").hasSize(acked.size());
    Map<Long, Long> received = new HashMap<>();
    Set<String> pairs = new HashSet<>();
    for (Map.Entry<String, List<Long>> e : sentPairs.entrySet()) {
      String[] p = e.getKey().split(">");
      long from = Long.parseLong(p[0]);
      long to = Long.parseLong(p[1]);
      received.merge(to, (long) new HashSet<>(e.getValue()).size(), Long::sum);
      pairs.add(Math.min(from, to) + ":" + Math.max(from, to));
    }
    Random random = new Random(1);
    for (String pair : pairs) {
      long a = Long.parseLong(pair.split(":")[0]);
      long b = Long.parseLong(pair.split(":")[1]);
      Set<Long> expected = new HashSet<>(sentPairs.getOrDefault(a + ">" + b, List.of()));
      expected.addAll(sentPairs.getOrDefault(b + ">" + a, List.of()));
      for (long[] side : new long[][] {{a, b}, {b, a}}) {
        List<Long> ids = history(anyLive(random), side[0], side[1]).stream().map(m -> m.get("id").asLong()).toList();
        assertThat(ids).as("%d's history with %d", side[0], side[1]).doesNotHaveDuplicates()
            .containsExactlyInAnyOrderElementsOf(expected);
      }
    }
    for (Map.Entry<Long, Long> r : received.entrySet()) {
      JsonNode unread = anyLive(random).get("/v1/users/" + r.getKey() + "/unread?device=pc").json();
      assertThat(unread.get("total").asLong()).as("unread of %d", r.getKey()).isEqualTo(r.getValue());
    }
  }

  private Api anyLive(Random random) {
    while (true) {
      int i = random.nextInt(nodes.size());
      if (nodes.alive(i)) {
        return nodes.api(i);
      }
    }
  }

  private static List<JsonNode> history(Api api, long owner, long peer) {
    List<JsonNode> out = new ArrayList<>();
    String cursor = null;
    do {
      Reply r = api.get("/v1/users/" + owner + "/conversations/" + peer + "/messages?limit=100"
          + (cursor == null ? "" : "&cursor=" + cursor));
      assertThat(r.status()).as(r.body()).isEqualTo(200);
      r.json().get("items").forEach(out::add);
      cursor = r.json().hasNonNull("next") ? r.json().get("next").asText() : null;
    } while (cursor != null);
    return out;
  }

  private static int members(Api api) {
    try {
      Reply r = api.get("/v1/cluster");
      return r.status() == 200 ? r.json().get("members").size() : -1;
    } catch (AssertionError down) {
      return -1;
    }
  }

  /** Whether every partition is hosted by the member the node's view assigns it to. */
  private boolean allHosted(Api api) {
    try {
      Reply r = api.get("/v1/cluster");
      if (r.status() != 200) {
        return false;
      }
      for (JsonNode m : r.json().get("members")) {
        int port = java.net.URI.create(m.get("url").asText()).getPort();
        Reply own = new Api(port).get("/v1/cluster");
        if (own.status() != 200 || own.json().get("hosted").size() != m.get("partitions").size()) {
          return false;
        }
      }
      return r.json().get("members").size() > 0;
    } catch (AssertionError down) {
      return false;
    }
  }

  /** A uid whose partition member {@code node} owns now. */
  private static long uidOwnedBy(Api api, String node) {
    Set<Integer> owned = new HashSet<>();
    // A node that just rejoined (the test before) gets its partitions back once the cluster rebalances.
    await(node + " owns partitions").atMost(Duration.ofMinutes(2)).until(() -> {
      owned.clear();
      for (JsonNode m : api.get("/v1/cluster").json().get("members")) {
        if (m.get("id").asText().equals(node)) {
          m.get("partitions").forEach(p -> owned.add(p.asInt()));
        }
      }
      return !owned.isEmpty();
    });
    for (long uid = 1_000; ; uid++) {
      if (owned.contains(PARTITIONING.of(uid))) {
        return uid;
      }
    }
  }

  private static String body(long from, long to, String text, String key) {
    return "{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"" + text + "\""
        + (key == null ? "" : ",\"idempotencyKey\":\"" + key + "\"") + "}";
  }
}
