package io.letterbox.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.ChildServerTestBase;
import io.letterbox.server.support.KafkaBroker;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.Synced;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The change stream to Kafka outlives the server: 10,000 messages sent while the server is
 * SIGKILLed twice mid-stream, and a {@code read_committed} consumer of the topic reads every event
 * of each owner's feed exactly once, in the owner's order, keyed by the owner, its value what
 * {@code /sync} gives (but for the position's encoding).
 */
class ChangeStreamKillRecoveryTest extends ChildServerTestBase {
  @RegisterExtension static final KafkaBroker KAFKA = new KafkaBroker();
  static final String TOPIC = "letterbox.feed";
  static final int OWNERS = 10;
  static final long FIRST_OWNER = 71;
  static final int PER_RUN = 3_334;
  static final int SENDERS = 8;
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void everyEventOfEveryOwnerIsReadOnceAcrossTwoKillsKeyedByItsOwner() throws Exception {
    Path config = dir.resolve("letterbox.properties");
    Files.writeString(config, String.join("\n", "kafka-bootstrap-servers=" + KAFKA.bootstrapServers(),
        "kafka-topic=" + TOPIC, "kafka-batch=50", ""));
    Map<Long, String> before = new HashMap<>();
    ExecutorService senders = Executors.newFixedThreadPool(SENDERS);
    Api api = null;
    int committed = 0;
    try {
      for (String run : List.of("first", "second", "third")) {
        api = server.start(run, "--config", config.toString());
        for (int o = 0; o < OWNERS; o++) {
          long owner = FIRST_OWNER + o;
          before.putIfAbsent(owner, api.get("/v1/users/" + owner + "/sync").json().get("next").asText());
        }
        sendAll(senders, api, run, 0, PER_RUN / 2);
        // Some of this run's events are committed before the rest are sent and the server killed.
        int committedBefore = committed;
        committed = await().atMost(Duration.ofMinutes(1))
            .until(() -> KAFKA.readCommitted(TOPIC).size(), n -> n > committedBefore);
        sendAll(senders, api, run, PER_RUN / 2, PER_RUN);
        if (!run.equals("third")) {
          server.kill(); // while the last ones are still being produced
        }
      }
    } finally {
      senders.shutdownNow();
    }

    Api last = api;
    await().atMost(Duration.ofMinutes(3)).untilAsserted(() -> {
      Map<String, List<JsonNode>> produced = new HashMap<>();
      for (ConsumerRecord<String, String> r : KAFKA.readCommitted(TOPIC)) {
        produced.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(withoutPosition(JSON.readTree(r.value())));
      }
      for (int o = 0; o < OWNERS; o++) {
        long owner = FIRST_OWNER + o;
        assertThat(produced.getOrDefault(Long.toString(owner), List.of())).as("owner %d's events in Kafka", owner)
            .isEqualTo(synced(last, owner, before.get(owner)));
      }
    });
    int events = 0;
    for (int o = 0; o < OWNERS; o++) {
      events += synced(last, FIRST_OWNER + o, before.get(FIRST_OWNER + o)).size();
    }
    assertThat(events).as("a message is an event of its sender and of its receiver").isEqualTo(2 * 3 * PER_RUN);
  }

  /** Sends messages {@code from} to {@code to} of a run, each between two of the owners, from several threads. */
  private static void sendAll(ExecutorService senders, Api api, String run, int from, int to) throws Exception {
    List<Future<?>> sending = new ArrayList<>();
    for (int t = 0; t < SENDERS; t++) {
      int thread = t;
      sending.add(senders.submit(() -> {
        for (int i = from + thread; i < to; i += SENDERS) {
          long sender = FIRST_OWNER + i % OWNERS;
          long receiver = FIRST_OWNER + (i + 1 + i / OWNERS % (OWNERS - 1)) % OWNERS;
          Reply r = api.post("/v1/messages", "{\"from\":\"" + sender + "\",\"to\":\"" + receiver + "\",\"text\":\""
              + run + " " + i + "\"}");
          assertThat(r.status()).as("send %s", r).isEqualTo(201);
        }
        return null;
      }));
    }
    for (Future<?> f : sending) {
      f.get();
    }
  }

  /** Every event of {@code owner}'s feed after {@code since}, as sync gives them, without positions. */
  private static List<JsonNode> synced(Api api, long owner, String since) {
    return Synced.events(api, owner, since).stream().map(ChangeStreamKillRecoveryTest::withoutPosition).toList();
  }

  /**
   * The event without its position, which encodes the owner's whole place in its feed (the
   * broadcasts given so far, too) and so is not one string: sync and the stream may write the
   * same place differently.
   */
  private static JsonNode withoutPosition(JsonNode event) {
    ObjectNode copy = event.deepCopy();
    copy.remove("position");
    return copy;
  }
}
