package io.letterbox.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.letterbox.server.support.Api;
import io.letterbox.server.support.ChildServerTestBase;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.WebhookEndpoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Webhooks outlive the server: a SIGKILL while batches are being delivered, then a restart on
 * the same directory, and the endpoint has every acknowledged message's events, in order per
 * owner; repeated ones only where at least once allows (counted).
 */
class WebhooksKillRecoveryTest extends ChildServerTestBase {
  static final long ALICE = 91;
  static final long BOB = 92;
  private static final Duration WAIT = Duration.ofMinutes(2);

  @Test
  void everyAcknowledgedMessageReachesTheEndpointAcrossAKillInOrderPerOwner() throws Exception {
    try (WebhookEndpoint endpoint = new WebhookEndpoint()) {
      Path config = dir.resolve("letterbox.properties");
      Files.writeString(config, String.join("\n", "webhook-url=" + endpoint.url(), "webhook-secret=s",
          "webhook-batch=3", "webhook-backoff-min=PT0.05S", ""));
      Api api = server.start("first", "--config", config.toString());
      String alice = now(api, ALICE);
      String bob = now(api, BOB);
      for (int i = 0; i < 30; i++) {
        send(api, i % 2 == 0 ? ALICE : BOB, i % 2 == 0 ? BOB : ALICE, "before the kill " + i);
      }
      // Killed while the endpoint still has batches to take.
      endpoint.failing = true;
      for (int i = 0; i < 10; i++) {
        send(api, ALICE, BOB, "while it fails " + i);
      }
      server.kill();
      endpoint.failing = false;

      Api restarted = server.start("second", "--config", config.toString());
      send(restarted, BOB, ALICE, "after the restart");

      await().atMost(WAIT).untilAsserted(() -> {
        assertThat(distinct(endpoint.received(ALICE))).isEqualTo(WebhookEndpoint.synced(restarted, ALICE, alice));
        assertThat(distinct(endpoint.received(BOB))).isEqualTo(WebhookEndpoint.synced(restarted, BOB, bob));
      });
      int all = endpoint.received(ALICE).size() + endpoint.received(BOB).size();
      int distinct = distinct(endpoint.received(ALICE)).size() + distinct(endpoint.received(BOB)).size();
      assertThat(distinct).isEqualTo(2 * 41);
      System.out.printf("webhooks across a SIGKILL: %d events received, %d distinct (%d duplicates)%n", all,
          distinct, all - distinct);
    }
  }

  private static List<String> distinct(List<String> events) {
    return List.copyOf(new LinkedHashSet<>(events));
  }

  private static String now(Api api, long owner) {
    return api.get("/v1/users/" + owner + "/sync").json().get("next").asText();
  }

  private static void send(Api api, long from, long to, String text) {
    Reply r = api.post("/v1/messages", "{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"" + text + "\"}");
    assertThat(r.status()).as("send %s", r).isEqualTo(201);
  }
}
