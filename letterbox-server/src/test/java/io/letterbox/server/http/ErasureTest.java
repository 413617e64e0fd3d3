package io.letterbox.server.http;

import static io.letterbox.server.support.DataDirectoryScan.filesHolding;
import static io.letterbox.server.support.DataDirectoryScan.rowsHolding;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.LetterboxServer;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DELETE /v1/users/{uid} and GET /v1/erasures/{id} (API.md, Lifecycle) on the embedded store: once
 * the erasure is done, what the user sent one-to-one, to a group and as a broadcast reads removed,
 * and within erasure-grace no file under the data directory holds its text, read raw and through
 * the store (decision 0044); its pending scheduled message is gone with them (decision 0052).
 */
class ErasureTest {
  @TempDir
  Path dataDir;
  private LetterboxServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static String marker() {
    return "zqx" + UUID.randomUUID().toString().replace("-", "");
  }

  private static String created(Reply r) {
    assertThat(r.status()).as("%s", r).isIn(201, 202);
    return r.json().get("id").asText();
  }

  @Test
  void anErasedUsersTextsAreInNoFileUnderTheDataDirectoryWithinTheGrace() {
    server = TestServers.start(dataDir, s -> s.with(io.letterbox.server.config.ServerSettings.ERASURE_GRACE,
        Duration.ofSeconds(2)));
    Api api = new Api(server.port());
    long alice = TestServers.freshUid();
    long bob = TestServers.freshUid();
    long carol = TestServers.freshUid();
    String single = marker();
    String post = marker();
    String cast = marker();
    String later = marker();
    Reply scheduled = api.post("/v1/messages", "{\"from\":\"" + alice + "\",\"to\":\"" + bob + "\",\"text\":\"" + later
        + "\",\"sendAt\":\"" + java.time.Instant.now().plus(Duration.ofDays(1)) + "\"}");
    assertThat(scheduled.status()).as("%s", scheduled).isEqualTo(202);
    String one = created(api.post("/v1/messages",
        "{\"from\":\"" + alice + "\",\"to\":\"" + bob + "\",\"text\":\"" + single + "\"}"));
    String gid = created(api.post("/v1/groups",
        "{\"by\":\"" + alice + "\",\"name\":\"team\",\"members\":[\"" + bob + "\",\"" + carol + "\"]}"));
    String posted = created(api.post("/v1/groups/" + gid + "/messages",
        "{\"from\":\"" + alice + "\",\"text\":\"" + post + "\"}"));
    String broadcast = created(api.post("/v1/broadcasts", "{\"from\":\"" + alice + "\",\"text\":\"" + cast
        + "\",\"audience\":{\"type\":\"uids\",\"uids\":[\"" + bob + "\",\"" + carol + "\"]}}"));
    assertThat(filesHolding(dataDir, single)).as("the text is in the write-ahead log once sent").isNotEmpty();

    Reply erase = api.delete("/v1/users/" + alice);
    assertThat(erase.status()).as("%s", erase).isEqualTo(202);
    assertThat(erase.json().get("status").asText()).isIn("running", "done");
    String id = erase.json().get("erasure").asText();
    JsonNode done = Awaitility.await("the erasure").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(50))
        .until(() -> api.get("/v1/erasures/" + id).json(), e -> e.get("status").asText().equals("done"));
    assertThat(done.get("completedAt").asText()).isNotEmpty();
    assertThat(api.delete("/v1/users/" + alice).json().get("erasure").asText()).as("erasing again").isEqualTo(id);

    for (String m : new String[] {one, posted, broadcast}) {
      JsonNode read = api.get("/v1/users/" + bob + "/messages/" + m).json();
      assertThat(read.get("status").asText()).as("message %s", m).isEqualTo("removed");
      assertThat(read.get("from").asText()).isEqualTo("" + alice);
    }
    assertThat(api.get("/v1/groups/" + gid).json().get("owner").asText()).isIn("" + bob, "" + carol);
    assertThat(api.get("/v1/users/" + alice + "/conversations").json().get("items")).isEmpty();
    assertThat(api.get("/v1/users/" + alice + "/scheduled").json().get("items")).as("its pending schedule").isEmpty();
    Awaitility.await("the compaction within the grace").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(200))
        .until(() -> filesHolding(dataDir, single, post, cast, later).isEmpty());

    server.close();
    server = null;
    assertThat(filesHolding(dataDir, single, post, cast, later)).isEmpty();
    // Values compressed on disk are read through the store.
    assertThat(rowsHolding(dataDir, single, post, cast, later)).isEmpty();
  }

  @Test
  void anUnknownUserIsNotFoundAUserOnHoldIsConflictAndNoSuchErasureIsNotFound() {
    server = TestServers.start(dataDir);
    Api api = new Api(server.port());
    long alice = TestServers.freshUid();
    long bob = TestServers.freshUid();
    created(api.post("/v1/messages", "{\"from\":\"" + alice + "\",\"to\":\"" + bob + "\",\"text\":\"hi\"}"));

    Reply unknown = api.delete("/v1/users/" + TestServers.freshUid());
    assertThat(unknown.status()).as("%s", unknown).isEqualTo(404);
    assertThat(unknown.json().get("error").get("code").asText()).isEqualTo("NOT_FOUND");
    assertThat(api.put("/v1/users/" + alice + "/hold", "").status()).isEqualTo(204);
    assertThat(api.put("/v1/users/" + alice + "/hold", "").status()).as("again").isEqualTo(204);
    Reply held = api.delete("/v1/users/" + alice);
    assertThat(held.status()).as("%s", held).isEqualTo(409);
    assertThat(held.json().get("error").get("code").asText()).isEqualTo("ON_HOLD");
    assertThat(api.delete("/v1/users/" + alice + "/hold").status()).isEqualTo(204);
    assertThat(api.delete("/v1/users/" + alice).status()).as("released").isEqualTo(202);
    assertThat(api.get("/v1/erasures/12345").status()).isEqualTo(404);
    assertThat(api.get("/v1/erasures/x").status()).isEqualTo(400);
  }

  @Test
  void theJavaClientErasesHoldsAndReadsAnErasure() {
    server = TestServers.start(dataDir);
    Api api = new Api(server.port());
    io.letterbox.client.LetterboxClient client = io.letterbox.client.LetterboxClient.builder()
        .baseUrls("http://127.0.0.1:" + server.port()).retryPolicy(io.letterbox.client.RetryPolicy.NONE).build();
    long alice = TestServers.freshUid();
    long bob = TestServers.freshUid();
    client.messages().send(io.letterbox.client.SendMessage.text(alice, bob, "to be erased")).execute();

    client.erasures().hold(alice).execute();
    assertThat(api.delete("/v1/users/" + alice).status()).isEqualTo(409);
    client.erasures().release(alice).execute();
    io.letterbox.client.Erasure started = client.erasures().erase(alice).execute();
    assertThat(started.uid()).isEqualTo(alice);
    io.letterbox.client.Erasure done = Awaitility.await().atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(50))
        .until(() -> client.erasures().get(started.erasure()).execute(), io.letterbox.client.Erasure::done);
    assertThat(done.completedAt()).isNotNull();
  }
}
