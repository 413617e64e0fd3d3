package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.LetterboxServer;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import io.letterbox.server.support.Tokens;
import io.letterbox.server.support.WebhookEndpoint;
import io.letterbox.server.http.hooks.HookSignature;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Webhooks (API.md, "Moderation and platform hooks"; decision 0040) against a real HTTP endpoint
 * the test runs: every event of the owners' feeds, signed, in order per owner, at least once,
 * through an endpoint's failures and a restart of the server on the same data directory.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class WebhooksTest {
  private static final String SECRET = "the-webhook-secret";
  private static final Duration WAIT = Duration.ofMinutes(1);

  @TempDir
  Path dir;

  private WebhookEndpoint endpoint;
  private LetterboxServer server;
  private Api api;

  @BeforeEach
  void startEndpoint() throws Exception {
    endpoint = new WebhookEndpoint();
  }

  @AfterEach
  void stop() throws Exception {
    if (server != null) {
      server.close();
    }
    endpoint.close();
  }

  private void startServer() {
    server = TestServers.start(dir.resolve("data"), b -> Tokens.accepted(b)
        .webhookUrl(endpoint.url())
        .webhookSecret(SECRET)
        .webhookBatch(7)
        .webhookBackoffMin(Duration.ofMillis(50)));
    api = new Api(server.port()).withKey(Tokens.SERVICE_KEY);
    await().atMost(WAIT).until(() -> api.get("/v1/webhooks").json().get("deliveredUpTo").isTextual());
  }

  private String now(long owner) {
    return api.get("/v1/users/" + owner + "/sync").json().get("next").asText();
  }

  private void send(long from, long to, String text) {
    Reply r = api.post("/v1/messages", "{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"" + text + "\"}");
    assertThat(r.status()).as("%s", r).isEqualTo(201);
  }

  private void awaitEveryEvent(long[] owners, String[] since) {
    await().atMost(WAIT).untilAsserted(() -> {
      for (int i = 0; i < owners.length; i++) {
        assertThat(List.copyOf(new LinkedHashSet<>(endpoint.received(owners[i])))).as("owner %s", owners[i])
            .isEqualTo(WebhookEndpoint.synced(api, owners[i], since[i]));
      }
    });
  }

  private void traffic(long[] users, int sends) {
    for (int i = 0; i < sends; i++) {
      send(users[i % users.length], users[(i + 1) % users.length], "message " + i);
    }
    api.post("/v1/users/" + users[1] + "/conversations/" + users[0] + "/read", "{\"device\":\"pc\"}");
  }

  private long[] users() {
    return new long[] {TestServers.freshUid(), TestServers.freshUid(), TestServers.freshUid()};
  }

  private String[] positions(long[] users) {
    String[] out = new String[users.length];
    for (int i = 0; i < users.length; i++) {
      out[i] = now(users[i]);
    }
    return out;
  }

  @Test
  void everyEventReachesTheEndpointInOrderPerOwnerWithItsOwnerAndASignatureThatVerifies() throws Exception {
    startServer();
    long[] users = users();
    String[] since = positions(users);

    traffic(users, 30);

    awaitEveryEvent(users, since);
    assertThat(endpoint.received(users[0])).doesNotHaveDuplicates();
    HookSignature signature = new HookSignature(SECRET);
    for (byte[] body : endpoint.delivered) {
      assertThat(endpoint.signatures.get(body)).as(new String(body, StandardCharsets.UTF_8)).isEqualTo(signature.of(body));
      assertThat(WebhookEndpoint.events(body).size()).isBetween(1, 7);
    }
    JsonNode message = WebhookEndpoint.events(endpoint.delivered.get(0)).get(0);
    assertThat(message.has("position")).isTrue();
  }

  @Test
  void anEndpointThatFailsForAWhileThenRecoversReceivesEveryEventInOrderAndTheStatusSaysSoMeanwhile()
      throws Exception {
    startServer();
    long[] users = users();
    String[] since = positions(users);
    endpoint.failing = true;

    traffic(users, 30);
    await().atMost(WAIT).until(() -> api.get("/v1/webhooks").json().get("failing").asBoolean());
    JsonNode status = api.get("/v1/webhooks").json();
    assertThat(status.get("lastError").asText()).contains("500");
    assertThat(status.get("lagEvents").asLong()).isPositive();
    assertThat(status.get("url").asText()).endsWith("/letterbox-events");
    // Failing for a few seconds: the backoff doubles meanwhile.
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
    await().atMost(WAIT).until(() -> System.nanoTime() > until);
    assertThat(endpoint.delivered).isEmpty();
    endpoint.failing = false;

    awaitEveryEvent(users, since);
    assertThat(endpoint.refused.get()).as("calls refused while failing").isGreaterThan(1);
    await().atMost(WAIT).untilAsserted(() -> {
      JsonNode after = api.get("/v1/webhooks").json();
      assertThat(after.get("failing").asBoolean()).isFalse();
      assertThat(after.get("lastError").isNull()).isTrue();
      assertThat(after.get("lagEvents").asLong()).isZero();
    });
    assertThat(api.get("/metrics").body()).contains("letterbox_webhook_lag_events 0.0");
  }

  @Test
  void aRestartOnTheSameDataDirectoryResumesFromTheLastDeliveredPositionAndLosesNothing() throws Exception {
    startServer();
    long[] users = users();
    String[] since = positions(users);
    traffic(users, 10);
    awaitEveryEvent(users, since);
    endpoint.failing = true;
    traffic(users, 10);
    await().atMost(WAIT).until(() -> endpoint.refused.get() > 0);

    server.close();
    server = null;
    endpoint.failing = false;
    startServer();

    awaitEveryEvent(users, since);
    int all = 0;
    int distinct = 0;
    for (long u : users) {
      all += endpoint.received(u).size();
      distinct += new LinkedHashSet<>(endpoint.received(u)).size();
    }
    System.out.printf("webhooks across a restart: %d events received, %d distinct (%d duplicates)%n", all, distinct,
        all - distinct);
  }

  @Test
  void theStatusIsForServicesOnly() {
    startServer();
    long uid = TestServers.freshUid();

    Reply asUser = new Api(server.port()).withKey(Tokens.of(uid)).get("/v1/webhooks");
    Reply asService = api.get("/v1/webhooks");

    assertThat(asUser.status()).as("%s", asUser).isEqualTo(403);
    assertThat(asService.status()).isEqualTo(200);
    assertThat(asService.json().fieldNames()).toIterable()
        .containsExactly("url", "deliveredUpTo", "lagEvents", "failing", "lastError");
  }
}
