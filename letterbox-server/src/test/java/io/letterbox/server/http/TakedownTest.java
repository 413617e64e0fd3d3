package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.letterbox.server.LetterboxServer;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.DataDirectoryScan;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * POST /v1/messages/{id}/takedown and POST /v1/admin/compact (API.md, Moderation and platform
 * hooks; Lifecycle): a message taken down reads removed, and after the compaction no file under
 * the data directory holds its text, read raw and through the store (decision 0042).
 */
class TakedownTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir
  Path dataDir;
  private LetterboxServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static String json(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private List<Path> filesHolding(String text) {
    return DataDirectoryScan.filesHolding(dataDir, text);
  }

  @Test
  void aTakenDownMessageReadsRemovedAndAfterTheCompactionNoFileUnderTheDataDirectoryHoldsItsTexts() {
    server = TestServers.start(dataDir);
    Api api = new Api(server.port());
    long alice = TestServers.freshUid();
    long bob = TestServers.freshUid();
    String marker = "zqx" + UUID.randomUUID().toString().replace("-", "");
    String edited = "zqy" + UUID.randomUUID().toString().replace("-", "");
    Reply sent = api.post("/v1/messages", json(Map.of("from", "" + alice, "to", "" + bob, "text", marker + " spam")));
    assertThat(sent.status()).as("%s", sent).isEqualTo(201);
    String id = sent.json().get("id").asText();
    Reply edit = api.send("PATCH", "/v1/users/" + alice + "/messages/" + id, json(Map.of("text", edited + " spam")),
        "application/json");
    assertThat(edit.status()).as("%s", edit).isEqualTo(200);
    assertThat(filesHolding(marker)).as("the text is in the write-ahead log once sent").isNotEmpty();

    String bobAt = api.get("/v1/users/" + bob + "/sync").json().get("next").asText();
    Reply down = api.post("/v1/messages/" + id + "/takedown", json(Map.of("reason", "a spam campaign")));
    Reply compact = api.post("/v1/admin/compact", "");

    assertThat(down.status()).as("%s", down).isEqualTo(200);
    assertThat(down.json().get("status").asText()).isEqualTo("removed");
    assertThat(down.json().get("text").asText("")).isEmpty();
    assertThat(compact.status()).as("%s", compact).isEqualTo(202);
    for (long owner : new long[] {alice, bob}) {
      JsonNode m = api.get("/v1/users/" + owner + "/messages/" + id).json();
      assertThat(m.get("status").asText()).isEqualTo("removed");
      assertThat(api.get("/v1/users/" + owner + "/search?q=spam").json().get("items")).isEmpty();
    }
    JsonNode events = api.get("/v1/users/" + bob + "/sync?since=" + bobAt).json().get("events");
    assertThat(events).hasSize(1);
    assertThat(events.get(0).get("type").asText()).isEqualTo("removed");
    assertThat(events.get(0).get("id").asText()).isEqualTo(id);
    assertThat(events.get(0).get("peer").asText()).isEqualTo("" + alice);
    Awaitility.await("the compaction").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(200))
        .until(() -> filesHolding(marker).isEmpty() && filesHolding(edited).isEmpty());

    server.close();
    server = null;
    assertThat(filesHolding(marker)).isEmpty();
    assertThat(filesHolding(edited)).isEmpty();
    // Values compressed on disk are read through the store.
    assertThat(DataDirectoryScan.rowsHolding(dataDir, marker, edited)).isEmpty();
  }

  @Test
  void theJavaClientTakesDownAndCompactsAndAnUnknownMessageOrALongReasonIsRefused() {
    server = TestServers.start(dataDir);
    Api api = new Api(server.port());
    io.letterbox.client.LetterboxClient client = io.letterbox.client.LetterboxClient.builder()
        .baseUrls("http://127.0.0.1:" + server.port()).retryPolicy(io.letterbox.client.RetryPolicy.NONE).build();
    long alice = TestServers.freshUid();
    long bob = TestServers.freshUid();
    long id = client.messages().send(io.letterbox.client.SendMessage.text(alice, bob, "to take down")).execute().id();

    io.letterbox.client.Message removed = client.moderation().takeDown(id, null).execute();
    client.moderation().compact().execute();

    assertThat(removed.status()).isEqualTo("removed");
    assertThat(removed.text()).isNullOrEmpty();
    assertThat(client.moderation().takeDown(id, "again").execute().status()).as("again: the same").isEqualTo("removed");
    assertThat(api.post("/v1/messages/" + (id + 1) + "/takedown", "{}").status()).isEqualTo(404);
    assertThat(api.post("/v1/messages/" + id + "/takedown", json(Map.of("reason", "x".repeat(1_001)))).status())
        .isEqualTo(400);
    assertThat(api.post("/v1/messages/" + id + "/takedown", json(Map.of("reason", 7))).status()).isEqualTo(400);
  }
}
