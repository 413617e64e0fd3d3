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
 * partition sends them; killed before they come due, its partitions move and the new owner sends
 * each once.
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
    ClusterNodes.createTables(hbase, "scheduled");
    nodes = new ClusterNodes(dir, hbase.quorum(), "scheduled", 3, PARTITIONS, SESSION);
    nodes.startAll();
    nodes.awaitCluster("three members, each hosting partitions", WAIT, () -> hostingMembers(nodes.api(0)) == 3);
    long alice = nodes.uidOwnedBy(2);
    long bob = nodes.uidOwnedBy(0);
    Instant due = Instant.now().plusSeconds(3).truncatedTo(ChronoUnit.MILLIS);
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      texts.add("moved " + i);
      // Through node 0: forwarded to node 2, which hosts Alice's partition.
      schedule(nodes.api(0), alice, bob, texts.get(i), due.plusMillis(10L * i));
    }
    nodes.kill(2);
    nodes.awaitCluster("two members hosting every partition", WAIT, () -> hostingMembers(nodes.api(0)) == 2
        && nodes.api(0).get("/v1/cluster").json().get("members").size() == 2);

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
    List<String> out = new ArrayList<>();
    Reply r = api.get("/v1/users/" + owner + "/conversations/" + peer + "/messages?limit=100");
    if (r.status() == 200) {
      r.json().get("items").forEach(m -> out.add(m.get("text").asText()));
    }
    return out;
  }
}
