package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.SseClient;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** PUT and DELETE …/messages/{id}/reactions/{emoji} (API.md, Conversations, richer: Reactions). */
class ReactionsTest extends ApiTestBase {

  private static String path(long uid, String id, String emoji) {
    return "/v1/users/" + uid + "/messages/" + id + "/reactions/"
        + URLEncoder.encode(emoji, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static Reply react(long uid, String id, String emoji) {
    return api.put(path(uid, id, emoji), null);
  }

  private static JsonNode byId(long uid, String id) {
    return api.get("/v1/users/" + uid + "/messages/" + id).json();
  }

  @Test
  void reactionsShowWithCountsAndMineInHistoryListsAndByIdAndGoWhenTakenBack() {
    long alice = user();
    long bob = user();
    String id = send(alice, bob, "lunch?").get("id").asText();

    assertThat(react(bob, id, "👍").status()).isEqualTo(204);
    assertThat(react(bob, id, "👍").status()).as("again").isEqualTo(204);
    assertThat(react(alice, id, "👍").status()).isEqualTo(204);
    assertThat(react(alice, id, "custom:party").status()).isEqualTo(204);

    JsonNode bobs = node(List.of(Map.of("emoji", "👍", "count", 2, "mine", true),
        Map.of("emoji", "custom:party", "count", 1, "mine", false)));
    assertThat(byId(bob, id).get("reactions")).isEqualTo(bobs);
    assertThat(api.get("/v1/users/" + bob + "/conversations/" + alice + "/messages").json().get("items").get(0)
        .get("reactions")).isEqualTo(bobs);
    assertThat(api.get("/v1/users/" + bob + "/conversations").json().get("items").get(0).get("lastMessage")
        .get("reactions")).isEqualTo(bobs);

    assertThat(api.delete(path(alice, id, "custom:party")).status()).isEqualTo(204);
    assertThat(api.delete(path(alice, id, "custom:party")).status()).as("again").isEqualTo(204);
    assertThat(api.delete(path(alice, id, "👍")).status()).isEqualTo(204);
    assertThat(api.delete(path(bob, id, "👍")).status()).isEqualTo(204);
    assertThat(byId(alice, id).has("reactions")).as("the list is absent when none").isFalse();
  }

  @Test
  void aTwentyFirstDifferentEmojiIs409AndChangesNothing() {
    long alice = user();
    long bob = user();
    String id = send(alice, bob, "hi").get("id").asText();
    for (int i = 0; i < 20; i++) {
      assertThat(react(bob, id, new String(Character.toChars(0x1F600 + i))).status()).isEqualTo(204);
    }
    JsonNode before = byId(bob, id);

    Reply refused = react(bob, id, "🚀");

    assertThat(refused.status()).as("%s", refused).isEqualTo(409);
    assertThat(refused.errorCode()).isEqualTo("TOO_MANY_REACTIONS");
    assertThat(byId(bob, id)).isEqualTo(before);
    assertThat(before.get("reactions")).hasSize(20);
  }

  @Test
  void aBroadcastsSenderSeesTheCountsAndEachReceiverItsOwn() {
    long news = user();
    long bob = user();
    long carol = user();
    String uids = json(Map.of("type", "uids", "uids", List.of("" + bob, "" + carol)));
    Reply sent = api.post("/v1/broadcasts", "{\"from\":\"" + news + "\",\"text\":\"headline\",\"audience\":" + uids + "}");
    String id = sent.json().get("id").asText();
    org.awaitility.Awaitility.await().until(() -> byId(bob, id).has("id") && byId(carol, id).has("id"));

    assertThat(react(bob, id, "👍").status()).isEqualTo(204);
    assertThat(react(carol, id, "👍").status()).isEqualTo(204);
    assertThat(react(carol, id, "🎉").status()).isEqualTo(204);

    assertThat(api.get("/v1/broadcasts/" + id).json().get("reactions")).isEqualTo(node(List.of(
        Map.of("emoji", "👍", "count", 2, "mine", false), Map.of("emoji", "🎉", "count", 1, "mine", false))));
    assertThat(byId(bob, id).get("reactions")).isEqualTo(node(List.of(Map.of("emoji", "👍", "count", 1, "mine", true))));
  }

  @Test
  void theOtherPartyGetsAReactionEventOnItsStream() throws Exception {
    long alice = user();
    long bob = user();
    String id = send(alice, bob, "hi").get("id").asText();
    try (SseClient sse = new SseClient(api.port(), alice, null)) {
      sse.awaitConnected();

      assertThat(react(bob, id, "❤️").status()).isEqualTo(204);

      String[] event = sse.await(1).get(0);
      assertThat(event[1]).isEqualTo("reaction");
      JsonNode data = new com.fasterxml.jackson.databind.ObjectMapper().readTree(event[2]);
      assertThat(data.get("peer").asText()).isEqualTo("" + bob);
      assertThat(data.get("id").asText()).isEqualTo(id);
      assertThat(data.get("message").get("reactions")).isEqualTo(node(List.of(
          Map.of("emoji", "❤️", "count", 1, "mine", false))));
    }
  }

  @Test
  void aGroupsOtherConnectedMembersGetAReactionEventWithTheMessageAsEachSeesIt() throws Exception {
    long alice = user();
    long bob = user();
    long carol = user();
    String gid = api.post("/v1/groups", "{\"by\":\"" + alice + "\",\"name\":\"team\",\"members\":[\"" + bob + "\",\""
        + carol + "\"]}").json().get("id").asText();
    String id = api.post("/v1/groups/" + gid + "/messages", "{\"from\":\"" + alice + "\",\"text\":\"lunch?\"}").json()
        .get("id").asText();
    assertThat(react(carol, id, "👍").status()).isEqualTo(204);
    try (SseClient sse = new SseClient(api.port(), carol, null)) {
      sse.awaitConnected();

      assertThat(react(bob, id, "👍").status()).isEqualTo(204);

      // The post itself may come first, as the group's newest message at the stream's start.
      String[] event = org.awaitility.Awaitility.await().atMost(java.time.Duration.ofMinutes(1)).until(
          () -> sse.events().stream().filter(e -> "reaction".equals(e[1])).findFirst(), java.util.Optional::isPresent).get();
      JsonNode data = new com.fasterxml.jackson.databind.ObjectMapper().readTree(event[2]);
      assertThat(data.get("group").asText()).isEqualTo(gid);
      assertThat(data.get("id").asText()).isEqualTo(id);
      assertThat(data.get("message").get("reactions")).isEqualTo(node(List.of(
          Map.of("emoji", "👍", "count", 2, "mine", true))));
    }
  }
}
