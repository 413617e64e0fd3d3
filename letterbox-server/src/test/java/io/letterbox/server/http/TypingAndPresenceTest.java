package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.SseClient;
import java.time.Duration;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** Typing events and presence (API.md, Typing and presence; decision 0051). */
class TypingAndPresenceTest extends ApiTestBase {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Duration WAIT = Duration.ofMinutes(1);

  private static Reply typing(long uid, long peer) {
    return api.post("/v1/users/" + uid + "/conversations/" + peer + "/typing", "");
  }

  /** Opens {@code uid}'s stream and waits until it is live: a message sent to it arrived. */
  private static SseClient liveStream(long uid) {
    SseClient sse = new SseClient(api.port(), uid, null);
    sse.awaitConnected();
    send(user(), uid, "are you there");
    sse.await(1);
    return sse;
  }

  private static List<JsonNode> typingEvents(SseClient sse) {
    return sse.events().stream().filter(e -> "typing".equals(e[1])).map(e -> read(e[2])).toList();
  }

  private static JsonNode read(String json) {
    try {
      return MAPPER.readTree(json);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void typingReachesThePeersStreamOnceWithinThreeSecondsAndIsNeverStored() {
    long alice = user();
    long bob = user();
    String since = api.get("/v1/users/" + bob + "/sync").json().get("next").asText();
    try (SseClient sse = liveStream(bob)) {
      assertThat(typing(alice, bob).status()).isEqualTo(204);
      assertThat(typing(alice, bob).status()).isEqualTo(204);
      assertThat(typing(alice, bob).status()).isEqualTo(204);

      Awaitility.await().atMost(WAIT).until(() -> typingEvents(sse).size() == 1);
      JsonNode e = typingEvents(sse).get(0);
      assertThat(e.get("peer").asText()).isEqualTo("" + alice);
      assertThat(e.get("by").asText()).isEqualTo("" + alice);
      assertThat(e.has("group")).isFalse();
      // A marker sent after the typing arrives after it: no second typing event came within the period.
      send(alice, bob, "marker");
      Awaitility.await().atMost(WAIT).until(() -> sse.events().stream().anyMatch(x -> x[2].contains("marker")));
      assertThat(typingEvents(sse)).hasSize(1);
    }
    JsonNode events = api.get("/v1/users/" + bob + "/sync?since=" + since).json().get("events");
    assertThat(events).isNotEmpty().allSatisfy(e -> assertThat(e.get("type").asText()).isNotEqualTo("typing"));
  }

  @Test
  void aPeerWhoBlockedTheTyperGetsNoTypingEventAndTheTyperIsRefused() {
    long alice = user();
    long bob = user();
    assertThat(api.put("/v1/users/" + bob + "/blocks/" + alice, "").status()).isEqualTo(204);
    try (SseClient sse = liveStream(bob)) {
      Reply r = typing(alice, bob);

      assertThat(r.status()).as("%s", r).isEqualTo(403);
      assertThat(r.json().get("error").get("code").asText()).isEqualTo("BLOCKED");
      long carol = user();
      send(carol, bob, "marker");
      Awaitility.await().atMost(WAIT).until(() -> sse.events().stream().anyMatch(x -> x[2].contains("marker")));
      assertThat(typingEvents(sse)).isEmpty();
    }
  }

  @Test
  void typingInAGroupReachesTheOtherMembersOnlyAndNonMembersAreRefused() {
    long alice = user();
    long bob = user();
    Reply created = api.post("/v1/groups", "{\"by\":\"" + alice + "\",\"name\":\"team\",\"members\":[\"" + bob + "\"]}");
    assertThat(created.status()).as("%s", created).isEqualTo(201);
    String gid = created.json().get("id").asText();
    try (SseClient bobs = liveStream(bob); SseClient alices = liveStream(alice)) {
      assertThat(api.post("/v1/users/" + alice + "/groups/" + gid + "/typing", "").status()).isEqualTo(204);

      Awaitility.await().atMost(WAIT).until(() -> typingEvents(bobs).size() == 1);
      JsonNode e = typingEvents(bobs).get(0);
      assertThat(e.get("group").asText()).isEqualTo(gid);
      assertThat(e.get("by").asText()).isEqualTo("" + alice);
      assertThat(e.has("peer")).isFalse();
      send(bob, alice, "marker");
      Awaitility.await().atMost(WAIT).until(() -> alices.events().stream().anyMatch(x -> x[2].contains("marker")));
      assertThat(typingEvents(alices)).isEmpty();
    }
    Reply stranger = api.post("/v1/users/" + user() + "/groups/" + gid + "/typing", "");
    Reply noGroup = api.post("/v1/users/" + alice + "/groups/987654321/typing", "");
    assertThat(stranger.status()).as("%s", stranger).isEqualTo(403);
    assertThat(noGroup.status()).as("%s", noGroup).isEqualTo(404);
  }

  @Test
  void presenceIsOnlineWhileAStreamIsOpenThenLastSeen() {
    long alice = user();
    long bob = user();
    JsonNode never = presence(alice, bob);
    assertThat(never.get("online").asBoolean()).isFalse();
    assertThat(never.has("lastSeen")).isFalse();

    try (SseClient sse = new SseClient(api.port(), bob, null)) {
      sse.awaitConnected();
      JsonNode online = presence(alice, bob);
      assertThat(online.get("uid").asText()).isEqualTo("" + bob);
      assertThat(online.get("online").asBoolean()).isTrue();
      assertThat(online.has("lastSeen")).isFalse();
    }

    Awaitility.await().atMost(WAIT).untilAsserted(() -> {
      JsonNode gone = presence(alice, bob);
      assertThat(gone.get("online").asBoolean()).isFalse();
      assertThat(gone.get("lastSeen").asText()).endsWith("Z");
    });
  }

  @Test
  void aUserWhoBlockedTheAskerReadsOfflineWithNoLastSeen() {
    long alice = user();
    long carol = user();
    long dave = user();
    assertThat(api.put("/v1/users/" + carol + "/blocks/" + alice, "").status()).isEqualTo(204);
    try (SseClient sse = new SseClient(api.port(), carol, null)) {
      sse.awaitConnected();

      Reply r = api.get("/v1/users/" + alice + "/presence?of=" + carol + "," + dave);
      assertThat(r.status()).as("%s", r).isEqualTo(200);
      JsonNode blocked = r.json().get("items").get(0);
      assertThat(blocked.get("uid").asText()).isEqualTo("" + carol);
      assertThat(blocked.get("online").asBoolean()).isFalse();
      assertThat(blocked.has("lastSeen")).isFalse();
      assertThat(r.json().get("items").get(1).get("uid").asText()).isEqualTo("" + dave);
      assertThat(presence(dave, carol).get("online").asBoolean()).isTrue();
    }
  }

  @Test
  void aPresenceReadOfBadOrTooManyIdsIs400() {
    long alice = user();
    StringBuilder many = new StringBuilder("1");
    for (int i = 2; i <= 101; i++) {
      many.append(',').append(i);
    }
    assertThat(api.get("/v1/users/" + alice + "/presence?of=two").status()).isEqualTo(400);
    assertThat(api.get("/v1/users/" + alice + "/presence?of=2,,3").status()).isEqualTo(400);
    assertThat(api.get("/v1/users/" + alice + "/presence").status()).isEqualTo(400);
    assertThat(api.get("/v1/users/" + alice + "/presence?of=" + many).status()).isEqualTo(400);
    assertThat(api.get("/v1/users/" + alice + "/presence?of=" + many.substring(0, many.lastIndexOf(","))).status())
        .isEqualTo(200);
  }

  private static JsonNode presence(long asker, long of) {
    Reply r = api.get("/v1/users/" + asker + "/presence?of=" + of);
    assertThat(r.status()).as("%s", r).isEqualTo(200);
    return r.json().get("items").get(0);
  }
}
