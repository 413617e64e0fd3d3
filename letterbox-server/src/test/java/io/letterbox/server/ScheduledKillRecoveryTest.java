package io.letterbox.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.ChildServerTestBase;
import io.letterbox.server.support.Reply;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Scheduled messages outlive the server (decision 0052): messages that come due while the server
 * is SIGKILLed are each sent exactly once after the restart on the same directory, and those due
 * later still wait for their time.
 */
class ScheduledKillRecoveryTest extends ChildServerTestBase {
  static final long ALICE = 81;
  static final long BOB = 82;
  private static final Duration WAIT = Duration.ofMinutes(2);

  @Test
  void messagesThatCameDueWhileTheServerWasKilledAreSentOnceAfterTheRestart() throws Exception {
    Api api = server.start("first");
    Instant due = Instant.now().plusSeconds(3).truncatedTo(ChronoUnit.MILLIS);
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      texts.add("due while killed " + i);
      schedule(api, ALICE, BOB, texts.get(i), due.plusMillis(10L * i));
    }
    schedule(api, ALICE, BOB, "due in an hour", Instant.now().plus(Duration.ofHours(1)));
    server.kill();
    await("their time passed while the server is down").atMost(WAIT).until(() -> Instant.now().isAfter(due.plusSeconds(1)));

    Api restarted = server.start("second");
    // Due after the others: once it is sent, the sweep has passed them all.
    schedule(restarted, ALICE, BOB, "after the restart", Instant.now().plusSeconds(1));
    await("sent after the restart").atMost(WAIT).until(() -> history(restarted).contains("after the restart"));

    List<String> history = history(restarted);
    for (String text : texts) {
      assertThat(history).as(text).containsOnlyOnce(text);
    }
    assertThat(history).hasSize(texts.size() + 1).doesNotContain("due in an hour");
    JsonNode pending = restarted.get("/v1/users/" + ALICE + "/scheduled").json().get("items");
    assertThat(pending).hasSize(1);
    assertThat(pending.get(0).get("text").asText()).isEqualTo("due in an hour");
  }

  private static void schedule(Api api, long from, long to, String text, Instant sendAt) {
    Reply r = api.post("/v1/messages", "{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"" + text
        + "\",\"sendAt\":\"" + sendAt + "\"}");
    assertThat(r.status()).as("schedule %s", r).isEqualTo(202);
  }

  private static List<String> history(Api api) {
    List<String> out = new ArrayList<>();
    api.get("/v1/users/" + BOB + "/conversations/" + ALICE + "/messages?limit=100").json().get("items")
        .forEach(m -> out.add(m.get("text").asText()));
    return out;
  }
}
