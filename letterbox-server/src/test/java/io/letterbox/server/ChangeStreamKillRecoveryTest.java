package io.letterbox.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.ChildServerTestBase;
import io.letterbox.server.support.KafkaBroker;
import io.letterbox.server.support.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The change stream to Kafka outlives the server: messages sent while it is SIGKILLed twice, and
 * a {@code read_committed} consumer of the topic reads every event of each owner's feed exactly
 * once, in the owner's order, keyed by the owner, its value what {@code /sync} gives (but for the
 * position's encoding).
 */
class ChangeStreamKillRecoveryTest extends ChildServerTestBase {
  @RegisterExtension static final KafkaBroker KAFKA = new KafkaBroker();
  static final long ALICE = 71;
  static final long BOB = 72;
  static final String TOPIC = "letterbox.feed";
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void everyEventOfEveryOwnerIsReadOnceAcrossTwoKillsKeyedByItsOwner() throws Exception {
    Path config = dir.resolve("letterbox.properties");
    Files.writeString(config, String.join("\n", "kafka-bootstrap-servers=" + KAFKA.bootstrapServers(),
        "kafka-topic=" + TOPIC, "kafka-batch=3", ""));
    int sent = 0;
    int committed = 0;
    Api api = null;
    java.util.Map<Long, String> before = new java.util.HashMap<>();
    for (String run : List.of("first", "second", "third")) {
      api = server.start(run, "--config", config.toString());
      for (long owner : new long[] {ALICE, BOB}) {
        before.putIfAbsent(owner, api.get("/v1/users/" + owner + "/sync").json().get("next").asText());
      }
      for (int i = 0; i < 20; i++, sent++) {
        send(api, sent % 2 == 0 ? ALICE : BOB, sent % 2 == 0 ? BOB : ALICE, run + " " + i);
        if (i == 9) {
          // Some of this run's events are committed before the rest are sent and the server killed.
          int committedBefore = committed;
          committed = await().atMost(Duration.ofMinutes(1))
              .until(() -> KAFKA.readCommitted(TOPIC).size(), n -> n > committedBefore);
        }
      }
      if (!run.equals("third")) {
        server.kill(); // while the last ones are still being produced
      }
    }

    Api last = api;
    await().atMost(Duration.ofMinutes(2)).untilAsserted(() -> {
      List<ConsumerRecord<String, String>> records = KAFKA.readCommitted(TOPIC);
      for (long owner : new long[] {ALICE, BOB}) {
        List<JsonNode> produced = new ArrayList<>();
        for (ConsumerRecord<String, String> r : records) {
          if (r.key().equals(Long.toString(owner))) {
            produced.add(withoutPosition(JSON.readTree(r.value())));
          }
        }
        assertThat(produced).as("owner %d's events in Kafka", owner).isEqualTo(synced(last, owner, before.get(owner)));
      }
    });
    assertThat(synced(last, ALICE, before.get(ALICE))).hasSize(60);
  }

  /** Every event of {@code owner}'s feed after {@code since}, as sync gives them. */
  private static List<JsonNode> synced(Api api, long owner, String since) {
    List<JsonNode> out = new ArrayList<>();
    Reply page = api.get("/v1/users/" + owner + "/sync?limit=100&since="
        + java.net.URLEncoder.encode(since, java.nio.charset.StandardCharsets.UTF_8));
    assertThat(page.status()).as("%s", page).isEqualTo(200);
    page.json().get("events").forEach(e -> out.add(withoutPosition(e)));
    assertThat(page.json().get("more").asBoolean()).isFalse();
    return out;
  }

  /**
   * The event without its position, which encodes the owner's whole place in its feed (the
   * broadcasts given so far, too) and so is not one string: sync and the stream may write the
   * same place differently.
   */
  private static JsonNode withoutPosition(JsonNode event) {
    com.fasterxml.jackson.databind.node.ObjectNode copy = event.deepCopy();
    copy.remove("position");
    return copy;
  }

  private static void send(Api api, long from, long to, String text) {
    Reply r = api.post("/v1/messages", "{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"" + text + "\"}");
    assertThat(r.status()).as("send %s", r).isEqualTo(201);
  }
}
