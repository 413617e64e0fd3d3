package io.letterbox.server.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.letterbox.hbase.MiniHBase;
import io.letterbox.hbase.MiniHBaseExtension;
import io.letterbox.server.auth.UserTokens;
import io.letterbox.server.config.ServerConfig;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.ClusterNodes;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code POST /v1/users/{uid}/sessions/revoke} (API.md, "Token lifetime and revocation"): once it
 * is answered 204 by one node, every token of the user issued until then is 401 on every node,
 * including one that had just accepted it; a token issued afterwards acts. Two nodes (child JVMs)
 * of one cluster on the HBase mini cluster, shared by the tests.
 */
@Tag("cluster")
@ExtendWith(MiniHBaseExtension.class)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class RevokedTokensTest {
  static final String SECRET = "a-development-secret-of-32-bytes!";
  static final String SERVICE_KEY = "the-service-key";
  static final int PARTITIONS = 4;

  @TempDir
  static Path dir;
  static ClusterNodes nodes;

  @BeforeAll
  static void twoNodes(MiniHBase hbase) throws Exception {
    ClusterNodes.createTables(hbase, "revocation");
    nodes = new ClusterNodes(dir, hbase.quorum(), "revocation", 2, PARTITIONS, Duration.ofSeconds(4))
        .with("api-keys=" + SERVICE_KEY, "user-token-secret=" + SECRET);
    nodes.startAll();
    nodes.awaitCluster("two members", Duration.ofSeconds(120),
        () -> nodes.api(0).get("/v1/cluster").json().get("members").size() == 2
            && nodes.api(1).get("/v1/cluster").json().get("members").size() == 2
            && nodes.api(1).get("/v1/cluster").json().get("hosted").size() > 0);
  }

  @AfterAll
  static void stop() {
    nodes.close();
  }

  static String token(long uid) {
    return new UserTokens(ServerConfig.builder().userTokenSecret(SECRET).build().userTokens())
        .issue(uid, Duration.ofHours(1), Clock.systemUTC());
  }

  static Api as(int node, String token) {
    return new Api(nodes.port(node)).withKey(token);
  }

  static Reply read(int node, String token, long uid) {
    return as(node, token).get("/v1/users/" + uid + "/conversations");
  }

  @Test
  void aTokenRevokedThroughOneNodeIsRefusedByTheOtherAtOnce() {
    // The other node decides alone: the user's partition is its own, so nothing is forwarded.
    long uid = nodes.uidOwnedBy(1);
    String stolen = token(uid);
    // Both nodes accept it, and so know the user has no revocation.
    assertThat(read(0, stolen, uid).status()).isEqualTo(200);
    assertThat(read(1, stolen, uid).status()).isEqualTo(200);

    Reply revoked = nodes.api(0).post("/v1/users/" + uid + "/sessions/revoke", "{}");

    assertThat(revoked.status()).isEqualTo(204);
    Instant revokedAt = Instant.now();
    Reply onOther = read(1, stolen, uid);
    assertThat(onOther.status()).isEqualTo(401);
    assertThat(onOther.errorCode()).isEqualTo("UNAUTHORIZED");
    assertThat(read(0, stolen, uid).status()).isEqualTo(401);
    assertThat(as(1, stolen).post("/v1/messages", "{\"from\":\"" + uid + "\",\"to\":\"" + TestServers.freshUid()
        + "\",\"text\":\"still me\"}").status()).isEqualTo(401);

    // A token is issued in whole seconds: one from the next second on acts again, on both nodes.
    await().atMost(Duration.ofSeconds(5)).until(() -> Instant.now().getEpochSecond() > revokedAt.getEpochSecond());
    String fresh = token(uid);
    assertThat(read(1, fresh, uid).status()).isEqualTo(200);
    assertThat(read(0, fresh, uid).status()).isEqualTo(200);
    assertThat(read(1, stolen, uid).status()).as("the old one stays revoked").isEqualTo(401);
  }

  @Test
  void otherUsersTokensAreNotRevoked() {
    long uid = TestServers.freshUid();
    long other = TestServers.freshUid();
    String theirs = token(other);

    assertThat(nodes.api(1).post("/v1/users/" + uid + "/sessions/revoke", "{}").status()).isEqualTo(204);

    assertThat(read(0, theirs, other).status()).isEqualTo(200);
    assertThat(read(1, theirs, other).status()).isEqualTo(200);
  }

  @Test
  void aUserTokenCannotRevokeEvenItsOwnTokens() {
    long uid = TestServers.freshUid();
    String own = token(uid);

    Reply r = as(0, own).post("/v1/users/" + uid + "/sessions/revoke", "{}");

    assertThat(r.status()).isEqualTo(403);
    assertThat(read(1, own, uid).status()).isEqualTo(200);
  }
}
