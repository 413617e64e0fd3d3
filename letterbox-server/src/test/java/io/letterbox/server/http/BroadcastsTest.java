package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BroadcastsTest extends ApiTestBase {

  private static Reply broadcast(long from, String text, Object audience) {
    return api.post("/v1/broadcasts", json(Map.of("from", "" + from, "text", text, "audience", audience)));
  }

  private static List<String> texts(long owner, long peer) {
    List<String> out = new ArrayList<>();
    for (JsonNode m : api.get("/v1/users/" + owner + "/conversations/" + peer + "/messages").json().get("items")) {
      out.add(m.get("text").asText());
    }
    return out;
  }

  /** Waits until the fan-out ends, and insists that it ended done (not failed). */
  private static JsonNode waitDone(String id) {
    JsonNode b = await("fan-out of broadcast " + id).atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20))
        .until(() -> api.get("/v1/broadcasts/" + id).json(), s -> !List.of("queued", "running").contains(s.get("status").asText()));
    assertThat(b.get("status").asText()).as("%s", b).isEqualTo("done");
    return b;
  }

  @Test
  void aFollowersBroadcastIsAcceptedAndReadByFollowers() {
    long news = user();
    long fan = user();
    long stranger = user();
    assertThat(api.put("/v1/users/" + fan + "/following/" + news, null).status()).isEqualTo(204);

    Reply r = broadcast(news, "breaking", Map.of("type", "followers"));

    assertThat(r.status()).isEqualTo(202);
    assertThat(r.json().get("id").isTextual()).isTrue();
    assertThat(r.json().get("status").asText()).isIn("queued", "running", "done");
    assertThat(r.json().get("receivers").asLong()).isEqualTo(1);
    assertThat(texts(fan, news)).containsExactly("breaking");
    assertThat(texts(stranger, news)).isEmpty();
    JsonNode message = api.get("/v1/users/" + fan + "/conversations/" + news + "/messages").json().get("items").get(0);
    assertThat(message.get("kind").asText()).isEqualTo("broadcast");
    assertThat(message.has("to")).isFalse();
    JsonNode conversation = api.get("/v1/users/" + fan + "/conversations").json().get("items").get(0);
    assertThat(conversation.get("peer").asText()).isEqualTo("" + news);
    assertThat(conversation.get("unread").get("pc").asLong()).isEqualTo(1);
  }

  @Test
  void anUnfollowerKeepsWhatItReceived() {
    long news = user();
    long fan = user();
    api.put("/v1/users/" + fan + "/following/" + news, null);
    broadcast(news, "kept", Map.of("type", "followers"));
    assertThat(api.delete("/v1/users/" + fan + "/following/" + news).status()).isEqualTo(204);
    broadcast(news, "not for former fans", Map.of("type", "followers"));

    assertThat(texts(fan, news)).containsExactly("kept");
  }

  @Test
  void subscribersAreFilteredByEveryWherePair() {
    long shop = user();
    long gold = user();
    long silver = user();
    api.put("/v1/users/" + gold + "/subscriptions/" + shop, json(Map.of("attributes", Map.of("city", "beijing", "tier", "gold"))));
    api.put("/v1/users/" + silver + "/subscriptions/" + shop, json(Map.of("attributes", Map.of("city", "beijing", "tier", "silver"))));

    Reply r = broadcast(shop, "gold sale", Map.of("type", "subscribers", "where", Map.of("city", "beijing", "tier", "gold")));

    assertThat(r.json().get("receivers").asLong()).isEqualTo(1);
    assertThat(texts(gold, shop)).containsExactly("gold sale");
    assertThat(texts(silver, shop)).isEmpty();
    assertThat(api.delete("/v1/users/" + gold + "/subscriptions/" + shop).status()).isEqualTo(204);
  }

  @Test
  void aSegmentBroadcastReachesItsMembersWhoFindTheSenderInTheirList() {
    long sender = user();
    long a = user();
    long b = user();
    assertThat(api.put("/v1/segments/seg-" + sender, json(Map.of("uids", List.of("" + a)))).status()).isEqualTo(204);
    assertThat(api.post("/v1/segments/seg-" + sender + "/members", json(Map.of("uids", List.of(b)))).status()).isEqualTo(204);

    Reply r = broadcast(sender, "members only", Map.of("type", "segment", "name", "seg-" + sender));
    JsonNode done = waitDone(r.json().get("id").asText());

    assertThat(done.get("receivers").asLong()).isEqualTo(2);
    assertThat(done.get("completedAt").isTextual()).isTrue();
    assertThat(api.get("/v1/users/" + b + "/conversations").json().get("items").get(0).get("peer").asText())
        .isEqualTo("" + sender);
    assertThat(texts(a, sender)).containsExactly("members only");
  }

  @Test
  void theSenderListsItsBroadcastsAndEachCanBeLookedUp() {
    long sender = user();
    long to = user();
    String first = broadcast(sender, "one", Map.of("type", "uids", "uids", List.of("" + to))).json().get("id").asText();
    broadcast(sender, "two", Map.of("type", "uids", "uids", List.of(to)));

    JsonNode list = api.get("/v1/users/" + sender + "/broadcasts?limit=1").json();
    assertThat(list.get("items").get(0).get("text").asText()).isEqualTo("two");
    JsonNode next = api.get("/v1/users/" + sender + "/broadcasts?limit=1&cursor=" + list.get("next").asText()).json();
    assertThat(next.get("items").get(0).get("id").asText()).isEqualTo(first);
    JsonNode one = api.get("/v1/broadcasts/" + first).json();
    assertThat(one.get("from").asText()).isEqualTo("" + sender);
    assertThat(one.get("createdAt").asText()).endsWith("Z");
    assertThat(api.get("/v1/broadcasts/123").status()).isEqualTo(404);
  }

  @Test
  void resumingABroadcastAnswersItAndLeavesADoneOneDone() {
    long sender = user();
    long to = user();
    String id = broadcast(sender, "again?", Map.of("type", "uids", "uids", List.of("" + to))).json().get("id").asText();
    waitDone(id);

    Reply r = api.post("/v1/broadcasts/" + id + "/resume", null);

    assertThat(r.status()).as("%s", r).isEqualTo(200);
    assertThat(r.json().get("id").asText()).isEqualTo(id);
    assertThat(r.json().get("status").asText()).isEqualTo("done");
    assertThat(texts(to, sender)).containsExactly("again?");
  }

  @Test
  void resumingAnUnknownBroadcastIs404AndABadIdIs400() {
    Reply unknown = api.post("/v1/broadcasts/123/resume", null);
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(unknown.errorCode()).isEqualTo("NOT_FOUND");

    Reply bad = api.post("/v1/broadcasts/first/resume", null);
    assertThat(bad.status()).isEqualTo(400);
    assertThat(bad.errorCode()).isEqualTo("INVALID_ARGUMENT");
  }

  @Test
  void theCapLeavesReceiversOutAndCountsThem() {
    long sender = user();
    long capped = user();
    long fresh = user();
    api.put("/v1/senders/" + sender + "/cap", json(Map.of("messages", 1, "period", "P1D")));
    send(sender, capped, "direct");

    Reply r = broadcast(sender, "broadcast", Map.of("type", "uids", "uids", List.of("" + capped, "" + fresh)));

    assertThat(r.json().get("receivers").asLong()).isEqualTo(1);
    assertThat(r.json().get("capped").asLong()).isEqualTo(1);
    assertThat(texts(capped, sender)).containsExactly("direct");
  }

  @Test
  void badBroadcastsAre400AndStoreNothing() {
    long sender = user();
    long fan = user();
    api.put("/v1/users/" + fan + "/following/" + sender, null);
    List<Object> bad = List.of(
        Map.of("type", "everyone"),
        Map.of("type", "uids", "uids", List.of()),
        Map.of("type", "uids", "uids", List.of("0")),
        Map.of("type", "uids", "uids", "not a list"),
        Map.of("type", "subscribers", "where", "city=beijing"),
        Map.of("type", "subscribers", "where", Map.of("city", 3)),
        Map.of("type", "segment", "name", "no-such-segment"),
        Map.of("type", "followers", "uids", List.of("1")),
        Map.of("kind", "followers"));
    for (Object audience : bad) {
      Reply r = broadcast(sender, "x", audience);
      assertThat(r.status()).as("audience %s", audience).isEqualTo(400);
      assertThat(r.errorCode()).isEqualTo("INVALID_ARGUMENT");
    }
    Reply noAudience = api.post("/v1/broadcasts", json(Map.of("from", "" + sender, "text", "x")));
    assertThat(noAudience.status()).isEqualTo(400);
    Reply badPriority = api.post("/v1/broadcasts", json(Map.of("from", "" + sender, "text", "x",
        "audience", Map.of("type", "followers"), "priority", "urgent")));
    assertThat(badPriority.status()).isEqualTo(400);
    assertThat(api.get("/v1/users/" + sender + "/broadcasts").json().get("items")).isEmpty();
    assertThat(texts(fan, sender)).isEmpty();
  }

  @Test
  void badRelationsAndSegmentsAre400() {
    long u = user();
    assertThat(api.put("/v1/users/" + u + "/following/" + u, null).status()).isEqualTo(400);
    assertThat(api.put("/v1/users/" + u + "/following/0", null).status()).isEqualTo(400);
    assertThat(api.put("/v1/users/" + u + "/subscriptions/" + user(), json(Map.of("attributes", Map.of("city", ""))))
        .status()).isEqualTo(400);
    assertThat(api.put("/v1/segments/bad%20name", json(Map.of("uids", List.of("1")))).status()).isEqualTo(400);
    assertThat(api.put("/v1/segments/ok", json(Map.of("uids", List.of("-1")))).status()).isEqualTo(400);
    assertThat(api.post("/v1/segments/ok/members", json(Map.of("uids", List.of()))).status()).isEqualTo(400);
  }
}
