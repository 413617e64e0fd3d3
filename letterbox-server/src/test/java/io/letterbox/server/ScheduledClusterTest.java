package io.letterbox.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.hbase.MiniHBase;
import io.letterbox.hbase.MiniHBaseExtension;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.ClusterNodes;
import io.letterbox.server.support.Reply;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scheduled messages on the three-node cluster (decision 0052): the node hosting the sender's
 * partition sends them (the group's for a post); killed before they come due, its partitions move
 * and the new owner sends each once. A group post is scheduled and cancelled through any node.
 */
@Tag("cluster")
@ExtendWith(MiniHBaseExtension.class)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class ScheduledClusterTest {
  private static final int PARTITIONS = 8;
  private static final Duration SESSION = Duration.ofSeconds(4);
  private static final Duration WAIT = Duration.ofMinutes(2);

  @TempDir
  Path dir;
  ClusterNodes nodes;

  @AfterEach
  void stopNodes() {
    if (nodes != null) {
      nodes.close();
    }
  }

  @Test
  void messagesOfAPartitionThatMovedAreSentOnceByItsNewOwner(MiniHBase hbase) throws Exception {
    startThreeNodes(hbase, "scheduled");
    long alice = nodes.uidOwnedBy(2);
    long bob = nodes.uidOwnedBy(0);
    Instant due = Instant.now().plusSeconds(3).truncatedTo(ChronoUnit.MILLIS);
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      texts.add("moved " + i);
      // Through node 0: forwarded to node 2, which hosts Alice's partition.
      schedule(nodes.api(0), alice, bob, texts.get(i), due.plusMillis(10L * i));
    }
    killNode2();

    // Due after the others: once it is sent, the new owner's sweep has passed them all.
    schedule(nodes.api(1), alice, bob, "after the move", Instant.now().plusSeconds(1));
    nodes.awaitCluster("sent by the new owner", WAIT, () -> history(nodes.api(1), bob, alice).contains("after the move"));

    List<String> history = history(nodes.api(0), bob, alice);
    for (String text : texts) {
      assertThat(history).as(text).containsOnlyOnce(text);
    }
    assertThat(history).hasSize(texts.size() + 1);
    assertThat(nodes.api(1).get("/v1/users/" + alice + "/scheduled").json().get("items")).isEmpty();
  }

  @Test
  void groupPostsOfAPartitionThatMovedArePostedOnceByItsNewOwnerAndCancelledThroughAnyNode(MiniHBase hbase)
      throws Exception {
    startThreeNodes(hbase, "scheduledposts");
    long alice = nodes.uidOwnedBy(0);
    long bob = nodes.uidOwnedBy(1);
    String gid = groupOwnedBy(2, alice, bob);
    String posts = "/v1/users/" + bob + "/groups/" + gid + "/messages?limit=100";
    // Node 2, the group's, posts it: not node 0, Alice's.
    schedulePost(nodes.api(0), gid, alice, "before the move", Instant.now().plusSeconds(1));
    nodes.awaitCluster("posted by the group's node", Duration.ofSeconds(30),
        () -> texts(nodes.api(1), posts).contains("before the move"));
    Instant due = Instant.now().plusSeconds(4).truncatedTo(ChronoUnit.MILLIS);
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      texts.add("moved " + i);
      // Through node 0, Alice's: forwarded to node 2, which hosts the group's partition.
      schedulePost(nodes.api(0), gid, alice, texts.get(i), due.plusMillis(10L * i));
    }
    String cancelled = schedulePost(nodes.api(0), gid, alice, "cancelled", due);
    assertThat(nodes.api(1).get("/v1/users/" + alice + "/scheduled").json().get("items")).hasSize(6)
        .allMatch(item -> item.get("group").asText().equals(gid));
    Reply cancel = nodes.api(1).delete("/v1/users/" + alice + "/scheduled/" + cancelled);
    assertThat(cancel.status()).as("cancelled through node 1: %s", cancel).isEqualTo(204);
    killNode2();

    nodes.awaitCluster("the group's partition taken", WAIT, () -> nodes.api(1).get(posts).status() == 200);
    // Due after the others: once it is posted, the new owner's sweep has passed them all.
    schedulePost(nodes.api(1), gid, alice, "after the move", Instant.now().plusSeconds(1));
    nodes.awaitCluster("posted by the new owner", WAIT, () -> texts(nodes.api(1), posts).contains("after the move"));

    List<String> history = texts(nodes.api(0), posts);
    for (String text : texts) {
      assertThat(history).as(text).containsOnlyOnce(text);
    }
    assertThat(history).hasSize(texts.size() + 2).doesNotContain("cancelled");
    assertThat(nodes.api(1).get("/v1/users/" + alice + "/scheduled").json().get("items")).isEmpty();
  }

  /** A group of {@code owner} and {@code member} whose partition node {@code node} hosts. */
  private String groupOwnedBy(int node, long owner, long member) {
    java.util.Set<Integer> hosted = nodes.partitionsOf(node);
    while (true) {
      Reply r = nodes.api(0).post("/v1/groups", "{\"by\":\"" + owner + "\",\"name\":\"team\",\"members\":[\""
          + member + "\"]}");
      assertThat(r.status()).as("%s", r).isEqualTo(201);
      if (hosted.contains(nodes.partitioning().of(r.json().get("id").asLong()))) {
        return r.json().get("id").asText();
      }
    }
  }

  /** @return the schedule's id */
  private static String schedulePost(Api api, String gid, long from, String text, Instant sendAt) {
    Reply r = api.post("/v1/groups/" + gid + "/messages", "{\"from\":\"" + from + "\",\"text\":\"" + text
        + "\",\"sendAt\":\"" + sendAt + "\"}");
    assertThat(r.status()).as("schedule %s", r).isEqualTo(202);
    return r.json().get("scheduled").asText();
  }

  private static List<String> texts(Api api, String path) {
    List<String> out = new ArrayList<>();
    Reply r = api.get(path);
    if (r.status() == 200) {
      r.json().get("items").forEach(m -> out.add(m.get("text").asText()));
    }
    return out;
  }

  private void startThreeNodes(MiniHBase hbase, String namespace) throws Exception {
    ClusterNodes.createTables(hbase, namespace);
    nodes = new ClusterNodes(dir, hbase.quorum(), namespace, 3, PARTITIONS, SESSION);
    nodes.startAll();
    nodes.awaitCluster("three members, each hosting partitions", WAIT, () -> hostingMembers(nodes.api(0)) == 3);
  }

  private void killNode2() throws Exception {
    nodes.kill(2);
    nodes.awaitCluster("two members hosting every partition", WAIT, () -> hostingMembers(nodes.api(0)) == 2
        && nodes.api(0).get("/v1/cluster").json().get("members").size() == 2);
  }

  /** How many members host partitions now, as node {@code api} sees them; -1 while it does not answer. */
  private static int hostingMembers(Api api) {
    try {
      Reply r = api.get("/v1/cluster");
      if (r.status() != 200) {
        return -1;
      }
      int hosting = 0;
      for (JsonNode m : r.json().get("members")) {
        if (m.get("partitions").size() > 0) {
          hosting++;
        }
      }
      int total = 0;
      for (JsonNode m : r.json().get("members")) {
        total += m.get("partitions").size();
      }
      return total == PARTITIONS ? hosting : -1;
    } catch (AssertionError down) {
      return -1;
    }
  }

  private static void schedule(Api api, long from, long to, String text, Instant sendAt) {
    Reply r = api.post("/v1/messages", "{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"" + text
        + "\",\"sendAt\":\"" + sendAt + "\"}");
    assertThat(r.status()).as("schedule %s", r).isEqualTo(202);
  }

  private static List<String> history(Api api, long owner, long peer) {
    return texts(api, "/v1/users/" + owner + "/conversations/" + peer + "/messages?limit=100");
  }
}
