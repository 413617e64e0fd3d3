package io.letterbox.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.hbase.MiniHBase;
import io.letterbox.hbase.MiniHBaseExtension;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.ClusterNodes;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.Scrape;
import io.letterbox.server.support.WebhookEndpoint;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Webhooks on a three-node cluster on the HBase mini cluster (decision 0040): each node delivers
 * the partitions it hosts; when one dies, the new owners of its partitions resume from the stored
 * positions (what the dead node had not delivered yet included), and the endpoint has every
 * acknowledged message's events, in order per owner. Any member answers for the whole cluster's
 * progress.
 */
@Tag("cluster")
@ExtendWith(MiniHBaseExtension.class)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class WebhooksClusterTest {
  private static final int PARTITIONS = 8;
  private static final long[] USERS = {301, 302, 303, 304, 305, 306};

  @TempDir
  Path dir;

  @Test
  void afterANodeDiesItsPartitionsEventsComeFromTheirNewOwnersAndNoneIsLost(MiniHBase hbase) throws Exception {
    try (WebhookEndpoint endpoint = new WebhookEndpoint()) {
      ClusterNodes.createTables(hbase, "webhooks");
      try (ClusterNodes nodes = new ClusterNodes(dir, hbase.quorum(), "webhooks", 3, PARTITIONS, Duration.ofSeconds(4))
          .with("webhook-url=" + endpoint.url(), "webhook-secret=s", "webhook-batch=5", "webhook-backoff-min=PT0.05S")) {
        nodes.startAll();
        nodes.awaitCluster("three members hosting every partition", Duration.ofSeconds(120), () -> hosting(nodes, 3));
        String[] since = new String[USERS.length];
        for (int i = 0; i < USERS.length; i++) {
          since[i] = nodes.api(0).get("/v1/users/" + USERS[i] + "/sync").json().get("next").asText();
        }
        // The dying node still has these to deliver: its partitions' new owners must.
        endpoint.failing = true;
        for (int i = 0; i < 30; i++) {
          send(nodes.api(i % 3), USERS[i % USERS.length], USERS[(i + 1) % USERS.length], "before " + i);
        }
        await().atMost(Duration.ofMinutes(1)).untilAsserted(() -> {
          JsonNode status = nodes.api(0).get("/v1/webhooks").json();
          double[] lags = {lag(nodes.api(0)), lag(nodes.api(1)), lag(nodes.api(2))};
          assertThat(lags[1] + lags[2]).as("the other members have events to deliver too").isPositive();
          assertThat(status.get("lagEvents").asLong()).as("the cluster's lag, asked of one member")
              .isEqualTo((long) (lags[0] + lags[1] + lags[2]));
          assertThat(status.get("failing").asBoolean()).isTrue();
        });

        nodes.kill(2);
        endpoint.failing = false;
        nodes.awaitCluster("two members hosting every partition", Duration.ofSeconds(90), () -> hosting(nodes, 2));
        for (int i = 0; i < 30; i++) {
          send(nodes.api(i % 2), USERS[(i + 2) % USERS.length], USERS[i % USERS.length], "after " + i);
        }

        await().atMost(Duration.ofMinutes(2)).untilAsserted(() -> {
          for (int i = 0; i < USERS.length; i++) {
            assertThat(List.copyOf(new LinkedHashSet<>(endpoint.received(USERS[i])))).as("user %s", USERS[i])
                .isEqualTo(WebhookEndpoint.synced(nodes.api(0), USERS[i], since[i]));
          }
        });
        int all = 0;
        int distinct = 0;
        for (long u : USERS) {
          all += endpoint.received(u).size();
          distinct += new LinkedHashSet<>(endpoint.received(u)).size();
        }
        assertThat(distinct).isEqualTo(2 * 60);
        System.out.printf("webhooks across a node's death: %d events received, %d distinct (%d duplicates)%n", all,
            distinct, all - distinct);
      }
    }
  }

  /** The events a member has yet to deliver, as its own metrics say. */
  private static double lag(Api api) {
    return Scrape.value(api, "letterbox_webhook_lag_events");
  }

  /** Whether node 0 sees {@code members} members hosting every partition between them. */
  private static boolean hosting(ClusterNodes nodes, int members) {
    JsonNode cluster = nodes.api(0).get("/v1/cluster").json();
    int hosted = 0;
    for (JsonNode m : cluster.get("members")) {
      hosted += m.get("partitions").size();
    }
    return cluster.get("members").size() == members && hosted == PARTITIONS;
  }

  private static void send(Api api, long from, long to, String text) {
    Reply r = api.post("/v1/messages", "{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"" + text + "\"}");
    assertThat(r.status()).as("send %s", r).isEqualTo(201);
  }
}
