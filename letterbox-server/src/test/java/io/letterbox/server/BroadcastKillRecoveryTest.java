package io.letterbox.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.ChildServerTestBase;
import io.letterbox.server.support.Reply;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A server killed with SIGKILL right after it accepted a large segment broadcast (so, as a rule,
 * while it fans it out) resumes the fan-out on restart and completes it exactly once: every
 * receiver has the broadcast once and finds the sender.
 */
class BroadcastKillRecoveryTest extends ChildServerTestBase {
  static final long SENDER = 81;
  static final int RECEIVERS = 300_000;
  static final long FIRST = 1_000_000_000L;


  @Test
  void aFanOutKilledMidWayCompletesOnceAfterRestart() throws Exception {
    Files.writeString(dir.resolve("server.properties"), "max-body-bytes=67108864\n");
    Api api = start("first");
    StringBuilder uids = new StringBuilder("{\"uids\":[");
    for (int i = 0; i < RECEIVERS; i++) {
      uids.append(i == 0 ? "" : ",").append(FIRST + i * 7L);
    }
    assertThat(api.put("/v1/segments/everyone", uids.append("]}").toString()).status()).isEqualTo(204);

    Reply accepted = api.post("/v1/broadcasts",
        "{\"from\":\"" + SENDER + "\",\"text\":\"once\",\"audience\":{\"type\":\"segment\",\"name\":\"everyone\"}}");
    assertThat(accepted.status()).isEqualTo(202);
    String id = accepted.json().get("id").asText();
    // Killed at once: 300,000 receivers take the fan-out well past this point on any machine we
    // know, but the test does not depend on it; a fan-out done before the kill must survive too.
    server.kill();

    Api restarted = start("second");
    JsonNode done = await("the fan-out after the restart").atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(100))
        .until(() -> restarted.get("/v1/broadcasts/" + id).json(),
            b -> !List.of("queued", "running").contains(b.get("status").asText()));
    assertThat(done.get("status").asText()).as("%s", done).isEqualTo("done");
    assertThat(done.get("receivers").asLong()).isEqualTo(RECEIVERS);
    for (int i = 0; i < RECEIVERS; i += 29_999) {
      long receiver = FIRST + i * 7L;
      JsonNode list = restarted.get("/v1/users/" + receiver + "/conversations").json().get("items");
      assertThat(list).hasSize(1);
      assertThat(list.get(0).get("peer").asText()).isEqualTo("" + SENDER);
      JsonNode messages = restarted.get("/v1/users/" + receiver + "/conversations/" + SENDER + "/messages").json();
      assertThat(messages.get("items")).hasSize(1);
      assertThat(messages.get("items").get(0).get("id").asText()).isEqualTo(id);
    }
    assertThat(restarted.get("/v1/users/" + SENDER + "/broadcasts").json().get("items")).hasSize(1);
  }

  private Api start(String name) throws Exception {
    return server.start(name, "--config", dir.resolve("server.properties").toString());
  }
}
