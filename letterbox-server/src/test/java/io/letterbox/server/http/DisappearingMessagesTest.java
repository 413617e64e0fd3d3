package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.LetterboxServer;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.DataDirectoryScan;
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
 * Disappearing messages over HTTP (API.md, Lifecycle; decision 0045): {@code disappearAfter} in
 * a conversation's state and a group's PATCH, carried by conversation items; out of range 400
 * with nothing changed; a message vanishes at its time, and after the compaction no file under the
 * data directory holds its text.
 */
class DisappearingMessagesTest {
  @TempDir
  Path dataDir;
  private LetterboxServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static String text(Api api, long from, long to, String text) {
    Reply sent = api.post("/v1/messages", "{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"" + text + "\"}");
    assertThat(sent.status()).as("%s", sent).isEqualTo(201);
    return sent.json().get("id").asText();
  }

  private static JsonNode item(Api api, long owner, long peer) {
    return api.get("/v1/users/" + owner + "/conversations/" + peer).json();
  }

  @Test
  void aMessageVanishesForBothPartiesAtItsTimeAndAfterTheCompactionNoFileHoldsItsText() {
    server = TestServers.start(dataDir);
    Api api = new Api(server.port());
    long alice = TestServers.freshUid();
    long bob = TestServers.freshUid();
    String marker = "zqx" + UUID.randomUUID().toString().replace("-", "");
    text(api, alice, bob, "before");

    Reply set = api.put("/v1/users/" + alice + "/conversations/" + bob + "/state", "{\"disappearAfter\":\"PT5S\"}");
    assertThat(set.status()).as("%s", set).isEqualTo(200);
    assertThat(set.json().get("disappearAfter").asText()).isEqualTo("PT5S");
    assertThat(item(api, bob, alice).get("disappearAfter").asText()).as("the peer's").isEqualTo("PT5S");
    JsonNode list = api.get("/v1/users/" + bob + "/conversations").json().get("items");
    assertThat(list.get(0).get("disappearAfter").asText()).isEqualTo("PT5S");
    String id = text(api, alice, bob, marker);
    assertThat(item(api, bob, alice).get("unread").get("pc").asInt()).isEqualTo(2);

    Awaitility.await("vanished").atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(200))
        .until(() -> api.get("/v1/users/" + bob + "/messages/" + id).status() == 404);
    for (long[] pair : new long[][] {{alice, bob}, {bob, alice}}) {
      assertThat(api.messageIds(pair[0], pair[1])).hasSize(1).doesNotContain(id);
      assertThat(item(api, pair[0], pair[1]).get("lastMessage").get("text").asText()).isEqualTo("before");
    }
    assertThat(item(api, bob, alice).get("unread").get("pc").asInt()).isEqualTo(1);
    assertThat(api.post("/v1/admin/compact", "").status()).isEqualTo(202);
    Awaitility.await("the compaction").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(200))
        .until(() -> DataDirectoryScan.filesHolding(dataDir, marker).isEmpty());

    server.close();
    server = null;
    assertThat(DataDirectoryScan.filesHolding(dataDir, marker)).isEmpty();
    assertThat(DataDirectoryScan.rowsHolding(dataDir, marker)).isEmpty();
  }

  @Test
  void aNegativeZeroOrAbsurdDurationIsRefusedWithNothingChanged() {
    server = TestServers.start(dataDir);
    Api api = new Api(server.port());
    long alice = TestServers.freshUid();
    long bob = TestServers.freshUid();
    text(api, alice, bob, "hi");
    String state = "/v1/users/" + alice + "/conversations/" + bob + "/state";

    for (String refused : new String[] {"\"-PT1H\"", "\"PT0S\"", "\"PT4S\"", "\"P366D\"", "\"soon\"", "3600", "true"}) {
      Reply r = api.put(state, "{\"pinned\":true,\"disappearAfter\":" + refused + "}");
      assertThat(r.status()).as("%s: %s", refused, r).isEqualTo(400);
    }

    JsonNode item = item(api, alice, bob);
    assertThat(item.has("disappearAfter")).isFalse();
    assertThat(item.get("pinned").asBoolean()).as("nothing changed").isFalse();
    assertThat(api.put(state, "{\"disappearAfter\":\"P365D\"}").json().get("disappearAfter").asText())
        .isEqualTo("PT8760H");
    assertThat(api.put(state, "{\"disappearAfter\":null}").json().has("disappearAfter")).as("turned off").isFalse();
  }

  @Test
  void aGroupsOwnerOrAdminSetsItAndAMemberIsRefused() {
    server = TestServers.start(dataDir);
    Api api = new Api(server.port());
    long owner = TestServers.freshUid();
    long member = TestServers.freshUid();
    Reply created = api.post("/v1/groups", "{\"by\":\"" + owner + "\",\"name\":\"team\",\"members\":[\"" + member + "\"]}");
    assertThat(created.status()).as("%s", created).isEqualTo(201);
    String gid = created.json().get("id").asText();

    Reply byMember = api.send("PATCH", "/v1/groups/" + gid, "{\"by\":\"" + member + "\",\"disappearAfter\":\"PT1H\"}",
        "application/json");
    Reply absurd = api.send("PATCH", "/v1/groups/" + gid, "{\"by\":\"" + owner + "\",\"name\":\"renamed\","
        + "\"disappearAfter\":\"-PT1H\"}", "application/json");
    Reply byOwner = api.send("PATCH", "/v1/groups/" + gid, "{\"by\":\"" + owner + "\",\"disappearAfter\":\"PT1H\"}",
        "application/json");

    assertThat(byMember.status()).as("%s", byMember).isEqualTo(403);
    assertThat(absurd.status()).as("%s", absurd).isEqualTo(400);
    assertThat(api.get("/v1/groups/" + gid).json().get("name").asText()).as("nothing changed").isEqualTo("team");
    assertThat(byOwner.status()).as("%s", byOwner).isEqualTo(200);
    assertThat(api.get("/v1/users/" + member + "/groups/" + gid).json().get("disappearAfter").asText())
        .isEqualTo("PT1H");
  }

  @Test
  void theJavaClientSetsAndTurnsItOff() {
    server = TestServers.start(dataDir);
    io.letterbox.client.LetterboxClient client = io.letterbox.client.LetterboxClient.builder()
        .baseUrls("http://127.0.0.1:" + server.port()).retryPolicy(io.letterbox.client.RetryPolicy.NONE).build();
    long alice = TestServers.freshUid();
    long bob = TestServers.freshUid();
    client.messages().send(io.letterbox.client.SendMessage.text(alice, bob, "hi")).execute();

    assertThat(client.conversations().setDisappearAfter(alice, bob, Duration.ofHours(1)).execute().disappearAfter())
        .isEqualTo(Duration.ofHours(1));
    assertThat(client.conversations().get(bob, alice).execute().disappearAfter()).isEqualTo(Duration.ofHours(1));
    assertThat(client.conversations().setDisappearAfter(alice, bob, null).execute().disappearAfter()).isNull();
    long gid = client.groups().create(io.letterbox.client.CreateGroup.of(alice, "team", java.util.List.of(bob))).execute().id();
    client.groups().setDisappearAfter(gid, alice, Duration.ofMinutes(5)).execute();
    assertThat(client.groups().conversation(bob, gid).execute().disappearAfter()).isEqualTo(Duration.ofMinutes(5));
  }
}
