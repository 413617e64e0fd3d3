package io.letterbox.server.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.hbase.MiniHBase;
import io.letterbox.hbase.MiniHBaseExtension;
import io.letterbox.server.auth.UserTokens;
import io.letterbox.server.cluster.Assignment;
import io.letterbox.server.cluster.ClusterSecret;
import io.letterbox.server.config.ServerConfig;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.ClusterNodes;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process that can write to ZooKeeper but does not hold the cluster secret registers itself as
 * a member (API.md, "Cluster"): its znode names a real HTTP endpoint speaking the members'
 * protocol, under an id that would own partitions, with a made-up proof. It receives nothing: no
 * forwarded request, no user's Authorization header, no internal call; the real nodes keep every
 * partition. And calls on the internal routes are accepted only signed with the secret, once:
 * unsigned, wrongly signed, stale or replayed calls are 401 and do nothing, and only on the
 * members' own listener ({@code cluster-port}): on the API's port they are no route.
 */
@Tag("cluster")
@ExtendWith(MiniHBaseExtension.class)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class RogueMemberTest {
  static final String NAMESPACE = "rogue";
  static final int PARTITIONS = 4;
  static final String TOKEN_SECRET = "a-development-secret-of-32-bytes!";
  static final String SERVICE_KEY = "the-service-key";
  static final List<String> RECEIVED = new CopyOnWriteArrayList<>();

  @TempDir
  static Path dir;
  static ClusterNodes nodes;
  static Vertx vertx;
  static CuratorFramework zooKeeper;
  static SortedSet<Integer> roguePartitions;

  @BeforeAll
  static void aRogueThenTwoNodes(MiniHBase hbase) throws Exception {
    vertx = Vertx.vertx();
    HttpServer recorder = vertx.createHttpServer(new HttpServerOptions().setHttp2ClearTextEnabled(true))
        .webSocketHandler(ws -> RECEIVED.add("socket " + ws.path() + " " + ws.headers().get("Authorization")))
        .requestHandler(request -> {
          RECEIVED.add(request.method() + " " + request.uri() + " Authorization: " + request.getHeader("Authorization"));
          request.response().setStatusCode(204).end();
        });
    int port = recorder.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS)
        .actualPort();

    // The id that takes the most partitions from the real nodes "node0" and "node1".
    String rogue = null;
    for (int i = 0; i < 50; i++) {
      String candidate = "node" + (2 + i);
      SortedSet<Integer> owned = Assignment.of(List.of("node0", "node1", candidate), PARTITIONS).partitionsOf(candidate);
      if (rogue == null || owned.size() > roguePartitions.size()) {
        rogue = candidate;
        roguePartitions = owned;
      }
    }
    assertThat(roguePartitions).as("the rogue's id would own partitions").isNotEmpty();

    zooKeeper = CuratorFrameworkFactory.newClient(hbase.quorum(), new ExponentialBackoffRetry(100, 5));
    zooKeeper.start();
    zooKeeper.blockUntilConnected(30, TimeUnit.SECONDS);
    String data = "{\"id\":\"" + rogue + "\",\"url\":\"http://127.0.0.1:" + port + "\",\"proof\":\"bWFkZS11cA\"}";
    zooKeeper.create().creatingParentContainersIfNeeded().withMode(CreateMode.EPHEMERAL)
        .forPath("/letterbox/" + NAMESPACE + "/members/" + rogue, data.getBytes(StandardCharsets.UTF_8));

    ClusterNodes.createTables(hbase, NAMESPACE);
    nodes = new ClusterNodes(dir, hbase.quorum(), NAMESPACE, 2, PARTITIONS, Duration.ofSeconds(4))
        .with("api-keys=" + SERVICE_KEY, "user-token-secret=" + TOKEN_SECRET).withClusterPorts();
    nodes.startAll();
    nodes.awaitCluster("every partition owned", Duration.ofSeconds(120),
        () -> allOwned(nodes.api(0)) && allOwned(nodes.api(1)));
  }

  @AfterAll
  static void stop() throws Exception {
    if (nodes != null) {
      nodes.close();
    }
    if (zooKeeper != null) {
      zooKeeper.close();
    }
    vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  /** Whether the node sees itself and the other node among the members, and every partition owned. */
  static boolean allOwned(Api api) {
    JsonNode cluster = api.get("/v1/cluster").json();
    int owned = 0;
    Set<String> ids = new java.util.HashSet<>();
    for (JsonNode member : cluster.get("members")) {
      owned += member.get("partitions").size();
      ids.add(member.get("id").asText());
    }
    return ids.containsAll(Set.of("node0", "node1")) && owned == PARTITIONS;
  }

  @Test
  void aMemberWithoutTheSecretOwnsNothingAndReceivesNoRequestNorCredential() {
    Partitioning partitioning = new Partitioning(PARTITIONS);
    List<Long> users = new ArrayList<>();
    for (long uid = TestServers.freshUid(); users.size() < 6; uid = TestServers.freshUid()) {
      if (roguePartitions.contains(partitioning.of(uid))) {
        users.add(uid);
      }
    }

    for (long uid : users) {
      for (int node = 0; node < 2; node++) {
        Api asUser = new Api(nodes.port(node)).withKey(token(uid));
        String body = "{\"from\":\"" + uid + "\",\"to\":\"" + TestServers.freshUid()
            + "\",\"text\":\"for my partition's owner only\"}";
        int p = partitioning.of(uid);
        int n = node;
        // A partition just taken answers 503 (with Retry-After) until it has opened.
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(asUser.post("/v1/messages", body).status())
            .as("a send for partition %s through node %s", p, n).isEqualTo(201));
        assertThat(asUser.get("/v1/users/" + uid + "/conversations").status()).isEqualTo(200);
        assertThat(nodes.api(node).get("/v1/users/" + uid + "/unread?device=pc").status()).isEqualTo(200);
      }
    }

    for (int node = 0; node < 2; node++) {
      JsonNode members = nodes.api(node).get("/v1/cluster").json().get("members");
      List<String> ids = new ArrayList<>();
      members.forEach(m -> ids.add(m.get("id").asText()));
      assertThat(ids).containsExactlyInAnyOrder("node0", "node1");
    }
    assertThat(RECEIVED).as("what the rogue member received").isEmpty();
  }

  @Test
  void theApiPortServesNoInternalRouteWhenTheMembersHaveTheirOwnListener() {
    byte[] body = revocationBody();
    String signature = new ClusterSecret(ClusterNodes.SECRET).sign("node1", "POST", "/internal/v1/revocations", body,
        Instant.now());

    Reply onApiPort = new Api(nodes.port(0)).raw("POST /internal/v1/revocations HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + "Content-Type: application/json\r\n" + ClusterSecret.HEADER + ": " + signature, body);

    assertThat(onApiPort.status()).isEqualTo(404);
    assertThat(raw(signature, body).status()).as("the same call on the members' listener").isEqualTo(204);
  }

  @Test
  void anUnsignedOrWronglySignedInternalCallIs401() {
    Api anyone = new Api(nodes.clusterPort(0));
    byte[] body = revocationBody();

    Reply unsigned = anyone.send("POST", "/internal/v1/revocations", new String(body, StandardCharsets.UTF_8),
        "application/json");
    Reply wrongSecret = signedCall(new ClusterSecret("not-the-cluster-secret-0123456789"), Instant.now(), body);
    Reply secretInCleartext = anyone.raw("POST /internal/v1/revocations HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + "Content-Type: application/json\r\nX-Letterbox-Cluster-Secret: " + ClusterNodes.SECRET, body);

    assertThat(unsigned.status()).isEqualTo(401);
    assertThat(wrongSecret.status()).isEqualTo(401);
    assertThat(secretInCleartext.status()).as("the secret itself is never a credential").isEqualTo(401);
  }

  @Test
  void aSignedInternalCallIsAcceptedOnceAndNotWhenStaleOrReplayed() throws Exception {
    ClusterSecret secret = new ClusterSecret(ClusterNodes.SECRET);
    byte[] body = revocationBody();
    String header = secret.sign("node1", "POST", "/internal/v1/revocations", body, Instant.now());

    Reply first = raw(header, body);
    Reply replayed = raw(header, body);
    Reply stale = signedCall(secret, Instant.now().minus(ClusterSecret.WINDOW.multipliedBy(2)), body);
    Reply otherBody = raw(secret.sign("node1", "POST", "/internal/v1/revocations", body, Instant.now()),
        revocationBody());

    assertThat(first.status()).isEqualTo(204);
    assertThat(replayed.status()).isEqualTo(401);
    assertThat(stale.status()).isEqualTo(401);
    assertThat(otherBody.status()).as("a signature is for its own body").isEqualTo(401);
  }

  @Test
  void aRequestClaimingToBeForwardedWithoutASignatureIs401() {
    long uid = TestServers.freshUid();
    Reply r = nodes.api(0).raw("GET /v1/users/" + uid + "/conversations HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + "X-Letterbox-Forwarded-By: node1", (byte[]) null);

    assertThat(r.status()).isEqualTo(401);
  }

  /** A revocation of a fresh user's tokens issued before 1970-01-01T00:00:01Z: it changes nothing that acts. */
  static byte[] revocationBody() {
    return ("{\"uid\":\"" + TestServers.freshUid() + "\",\"at\":\"1\"}").getBytes(StandardCharsets.UTF_8);
  }

  static Reply signedCall(ClusterSecret secret, Instant at, byte[] body) {
    return raw(secret.sign("node1", "POST", "/internal/v1/revocations", body, at), body);
  }

  static Reply raw(String signature, byte[] body) {
    return new Api(nodes.clusterPort(0)).raw("POST /internal/v1/revocations HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + "Content-Type: application/json\r\n" + ClusterSecret.HEADER + ": " + signature, body);
  }

  static String token(long uid) {
    return new UserTokens(ServerConfig.builder().userTokenSecret(TOKEN_SECRET).build().userTokens())
        .issue(uid, Duration.ofHours(1), Clock.systemUTC());
  }
}
