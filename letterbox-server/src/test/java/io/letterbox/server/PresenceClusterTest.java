package io.letterbox.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.hbase.MiniHBase;
import io.letterbox.hbase.MiniHBaseExtension;
import io.letterbox.server.support.ClusterNodes;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.SseClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Presence and typing on a three-node cluster on the HBase mini cluster (decision 0051): a user's
 * streams are on the node hosting it, whichever node the client connected to, and presence and
 * typing reach them from any node.
 */
@Tag("cluster")
@ExtendWith(MiniHBaseExtension.class)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class PresenceClusterTest {
  private static final int PARTITIONS = 6;
  private static final Duration WAIT = Duration.ofMinutes(1);

  @TempDir
  static Path dir;
  static ClusterNodes nodes;

  @BeforeAll
  static void threeNodes(MiniHBase hbase) throws Exception {
    ClusterNodes.createTables(hbase, "presence");
    nodes = new ClusterNodes(dir, hbase.quorum(), "presence", 3, PARTITIONS, Duration.ofSeconds(4));
    nodes.startAll();
    nodes.awaitCluster("three members, each hosting partitions", Duration.ofSeconds(120), () -> {
      for (int i = 0; i < 3; i++) {
        JsonNode c = nodes.api(i).get("/v1/cluster").json();
        if (c.get("members").size() != 3 || c.get("hosted").size() == 0) {
          return false;
        }
      }
      return true;
    });
  }

  @AfterAll
  static void stop() {
    if (nodes != null) {
      nodes.close();
    }
  }

  private static JsonNode presence(int node, long asker, long of) {
    Reply r = nodes.api(node).get("/v1/users/" + asker + "/presence?of=" + of);
    assertThat(r.status()).as("%s", r).isEqualTo(200);
    return r.json().get("items").get(0);
  }

  @Test
  void usersConnectedToOtherNodesAreOnlineWhenAskedOnAnyNodeThenLastSeen() {
    long alice = nodes.uidOwnedBy(0);
    long bob = nodes.uidOwnedBy(1);
    long carol = nodes.uidOwnedBy(2);
    long dave = nodes.uidOwnedBy(0);
    assertThat(presence(0, alice, bob).get("online").asBoolean()).isFalse();

    // Each connected through a node other than its own: the stream is relayed to its node, which counts it.
    try (SseClient bobs = new SseClient(nodes.port(2), bob, null); SseClient carols = new SseClient(nodes.port(0), carol, null)) {
      bobs.awaitConnected();
      carols.awaitConnected();
      for (int node = 0; node < 3; node++) {
        // One read of users hosted by every node: each node hosting some is asked once.
        Reply r = nodes.api(node).get("/v1/users/" + alice + "/presence?of=" + bob + "," + carol + "," + dave);
        assertThat(r.status()).as("%s", r).isEqualTo(200);
        JsonNode items = r.json().get("items");
        assertThat(items).extracting(i -> i.get("uid").asText()).containsExactly("" + bob, "" + carol, "" + dave);
        assertThat(items).extracting(i -> i.get("online").asBoolean()).as("asked on node %d", node)
            .containsExactly(true, true, false);
      }
    }

    await().atMost(WAIT).untilAsserted(() -> {
      JsonNode p = presence(0, alice, bob);
      assertThat(p.get("online").asBoolean()).isFalse();
      assertThat(p.get("lastSeen").asText()).endsWith("Z");
    });
  }

  @Test
  void typingReachesAPeerConnectedToAnotherNodeAndTheMembersOfAGroupOnEveryNode() {
    long alice = nodes.uidOwnedBy(0);
    long bob = nodes.uidOwnedBy(1);
    long carol = nodes.uidOwnedBy(2);
    Reply created = nodes.api(0).post("/v1/groups", "{\"by\":\"" + alice + "\",\"name\":\"team\",\"members\":[\""
        + bob + "\",\"" + carol + "\"]}");
    assertThat(created.status()).as("%s", created).isEqualTo(201);
    String gid = created.json().get("id").asText();
    try (SseClient bobs = new SseClient(nodes.port(1), bob, null); SseClient carols = new SseClient(nodes.port(0), carol, null)) {
      bobs.awaitConnected();
      carols.awaitConnected();
      // Live once a message sent to each arrived.
      send(alice, bob);
      send(alice, carol);
      bobs.await(1);
      carols.await(1);

      assertThat(nodes.api(2).post("/v1/users/" + alice + "/conversations/" + bob + "/typing", "").status())
          .isEqualTo(204);
      assertThat(nodes.api(2).post("/v1/users/" + alice + "/groups/" + gid + "/typing", "").status())
          .isEqualTo(204);

      await().atMost(WAIT).untilAsserted(() -> {
        assertThat(bobs.events()).filteredOn(e -> "typing".equals(e[1]))
            .anySatisfy(e -> assertThat(e[2]).contains("\"peer\":\"" + alice + "\""))
            .anySatisfy(e -> assertThat(e[2]).contains("\"group\":\"" + gid + "\""));
        assertThat(carols.events()).filteredOn(e -> "typing".equals(e[1]))
            .anySatisfy(e -> assertThat(e[2]).contains("\"group\":\"" + gid + "\""));
      });
    }
  }

  private static void send(long from, long to) {
    Reply r = nodes.api(0).post("/v1/messages", "{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"hi\"}");
    assertThat(r.status()).as("%s", r).isEqualTo(201);
  }
}
