package io.letterbox.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.letterbox.hbase.MiniHBase;
import io.letterbox.hbase.MiniHBaseExtension;
import io.letterbox.server.support.ClusterNodes;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.WebhookEndpoint;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Offline push on a two-node cluster on the HBase mini cluster (decision 0043): a broadcast's
 * receivers and a group's members are each pushed to once, by the node hosting them, whichever
 * node hosts the sender or the group.
 */
@Tag("cluster")
@ExtendWith(MiniHBaseExtension.class)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class OfflinePushClusterTest {
  private static final int PARTITIONS = 4;
  private static final Duration WAIT = Duration.ofMinutes(1);
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  static Path dir;
  static ClusterNodes nodes;
  static WebhookEndpoint endpoint;

  @BeforeAll
  static void twoNodesPushingToOneEndpoint(MiniHBase hbase) throws Exception {
    endpoint = new WebhookEndpoint();
    ClusterNodes.createTables(hbase, "pushed");
    nodes = new ClusterNodes(dir, hbase.quorum(), "pushed", 2, PARTITIONS, Duration.ofSeconds(4))
        .with("push-url=" + endpoint.url(), "hook-secret=the platform's hook secret", "push-coalesce=PT0.2S");
    nodes.startAll();
    nodes.awaitCluster("two members, each hosting partitions", Duration.ofSeconds(120),
        () -> nodes.api(0).get("/v1/cluster").json().get("members").size() == 2
            && nodes.api(1).get("/v1/cluster").json().get("members").size() == 2
            && nodes.api(0).get("/v1/cluster").json().get("hosted").size() > 0
            && nodes.api(1).get("/v1/cluster").json().get("hosted").size() > 0);
  }

  @AfterAll
  static void stop() throws Exception {
    if (nodes != null) {
      nodes.close();
    }
    endpoint.close();
  }

  @Test
  void aBroadcastAskingForPushReachesEachReceiverOnceFromTheNodeHostingIt() {
    long sender = nodes.uidOwnedBy(0);
    long[] receivers = {nodes.uidOwnedBy(0), nodes.uidOwnedBy(0), nodes.uidOwnedBy(1), nodes.uidOwnedBy(1)};
    StringBuilder uids = new StringBuilder();
    for (long uid : receivers) {
      uids.append(uids.length() == 0 ? "" : ",").append('"').append(uid).append('"');
    }
    Reply r = nodes.api(0).post("/v1/broadcasts", "{\"from\":\"" + sender + "\",\"text\":\"sale today\","
        + "\"audience\":{\"type\":\"uids\",\"uids\":[" + uids + "]},\"push\":true}");
    assertThat(r.status()).as("%s", r).isEqualTo(202);
    String id = r.json().get("id").asText();

    awaitOnePushEach(receivers);
    assertThat(pushes(sender)).isEmpty();
    for (long receiver : receivers) {
      JsonNode push = pushes(receiver).get(0);
      assertThat(push.get("messageId").asText()).as("receiver %s", receiver).isEqualTo(id);
      assertThat(push.get("from").asText()).isEqualTo(Long.toString(sender));
    }
  }

  @Test
  void aGroupPostReachesEachMemberOnceFromTheNodeHostingIt() {
    long poster = nodes.uidOwnedBy(0);
    long[] members = {nodes.uidOwnedBy(0), nodes.uidOwnedBy(0), nodes.uidOwnedBy(1), nodes.uidOwnedBy(1)};
    StringBuilder uids = new StringBuilder();
    for (long uid : members) {
      uids.append(uids.length() == 0 ? "" : ",").append('"').append(uid).append('"');
    }
    Reply created = nodes.api(0).post("/v1/groups", "{\"by\":\"" + poster + "\",\"name\":\"team\",\"members\":["
        + uids + "]}");
    assertThat(created.status()).as("%s", created).isEqualTo(201);
    String gid = created.json().get("id").asText();
    Reply posted = nodes.api(0).post("/v1/groups/" + gid + "/messages",
        "{\"from\":\"" + poster + "\",\"text\":\"hello team\"}");
    assertThat(posted.status()).as("%s", posted).isEqualTo(201);

    // Members on both nodes: one of them hosts the group, the other is told of the post.
    awaitOnePushEach(members);
    assertThat(pushes(poster)).isEmpty();
    for (long member : members) {
      JsonNode push = pushes(member).get(0);
      assertThat(push.get("group").asText()).as("member %s", member).isEqualTo(gid);
      assertThat(push.get("messageId").asText()).isEqualTo(posted.json().get("id").asText());
    }
  }

  /** Waits until each of {@code uids} has one push, and that it stays one (well past the coalescing window). */
  private static void awaitOnePushEach(long[] uids) {
    await().atMost(WAIT).untilAsserted(() -> {
      for (long uid : uids) {
        assertThat(pushes(uid)).as("pushes to %s", uid).hasSize(1);
      }
    });
    await().during(Duration.ofSeconds(2)).atMost(WAIT).untilAsserted(() -> {
      for (long uid : uids) {
        assertThat(pushes(uid)).as("pushes to %s", uid).hasSize(1);
      }
    });
  }

  private static List<JsonNode> pushes(long uid) {
    return endpoint.pushesTo(uid);
  }
}
