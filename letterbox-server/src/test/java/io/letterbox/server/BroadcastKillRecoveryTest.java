package io.letterbox.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.ChildServer;
import io.letterbox.server.support.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server killed with SIGKILL while it fans a large segment broadcast out resumes the fan-out on
 * restart and completes it exactly once: every receiver has the broadcast once and finds the sender.
 */
class BroadcastKillRecoveryTest {
  static final long SENDER = 81;
  static final int RECEIVERS = 300_000;
  static final long FIRST = 1_000_000_000L;

  @TempDir
  Path dir;
  ChildServer server;

  @AfterEach
  void killChild() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void aFanOutKilledMidWayCompletesOnceAfterRestart() throws Exception {
    server = new ChildServer(dir);
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
    assertThat(api.get("/v1/broadcasts/" + id).json().get("status").asText())
        .as("killed while the fan-out still runs").isNotEqualTo("done");
    server.kill();

    Api restarted = start("second");
    JsonNode done = null;
    for (int i = 0; i < 600 && done == null; i++) {
      JsonNode b = restarted.get("/v1/broadcasts/" + id).json();
      done = b.get("status").asText().equals("done") ? b : null;
      Thread.sleep(100);
    }
    assertThat(done).as("the fan-out finished after the restart").isNotNull();
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
