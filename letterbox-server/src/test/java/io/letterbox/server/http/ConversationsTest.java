package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConversationsTest extends ApiTestBase {

  @Test
  void theConversationListShowsOneEntryPerPeerNewestActivityFirst() {
    long me = user();
    long ann = user();
    long bob = user();
    send(ann, me, "from ann");
    send(me, bob, "to bob");
    JsonNode last = send(ann, me, "ann again");

    JsonNode page = api.get("/v1/users/" + me + "/conversations").json();

    assertThat(page.get("items")).hasSize(2);
    assertThat(page.get("next").isNull()).isTrue();
    assertThat(page.has("requests")).as("no requests folder configured").isFalse();
    JsonNode first = page.get("items").get(0);
    assertThat(first.get("peer").asText()).isEqualTo("" + ann);
    assertThat(first.get("lastMessage")).isEqualTo(last);
    assertThat(first.get("updatedAt").asText()).isEqualTo(last.get("createdAt").asText());
    assertThat(first.get("unread").get("pc").asLong()).isEqualTo(2);
    assertThat(first.get("unread").get("mobile").asLong()).isEqualTo(2);
    assertThat(page.get("items").get(1).get("peer").asText()).isEqualTo("" + bob);
    assertThat(page.get("items").get(1).get("unread").get("pc").asLong()).isZero();
  }

  @Test
  void oneConversationIsTheItemTheListShowsForThatPeer() {
    long me = user();
    long ann = user();
    send(ann, me, "from ann");
    send(me, user(), "someone else");
    JsonNode last = send(me, ann, "to ann");

    Reply one = api.get("/v1/users/" + me + "/conversations/" + ann);

    assertThat(one.status()).isEqualTo(200);
    assertThat(one.json().get("peer").asText()).isEqualTo("" + ann);
    assertThat(one.json().get("lastMessage")).isEqualTo(last);
    assertThat(one.json().get("unread").get("pc").asLong()).isEqualTo(1);
    JsonNode inList = api.get("/v1/users/" + me + "/conversations").json().get("items").get(0);
    assertThat(one.json()).isEqualTo(inList);
  }

  @Test
  void aConversationWithNoVisibleMessageIs404() {
    long me = user();
    long ann = user();
    send(ann, me, "soon deleted");
    api.delete("/v1/users/" + me + "/conversations/" + ann);

    Reply emptied = api.get("/v1/users/" + me + "/conversations/" + ann);
    Reply never = api.get("/v1/users/" + me + "/conversations/" + user());

    assertThat(emptied.status()).isEqualTo(404);
    assertThat(emptied.errorCode()).isEqualTo("NOT_FOUND");
    assertThat(never.status()).isEqualTo(404);
    assertThat(api.get("/v1/users/" + ann + "/conversations/" + me).status()).isEqualTo(200);
  }

  @Test
  void historyHoldsBothDirectionsNewestFirst() {
    long a = user();
    long b = user();
    JsonNode m1 = send(a, b, "one");
    JsonNode m2 = send(b, a, "two");

    JsonNode items = api.get("/v1/users/" + a + "/conversations/" + b + "/messages").json().get("items");

    assertThat(items).containsExactly(m2, m1);
  }

  @Test
  void pagingThroughHistoryNeverRepeatsOrSkipsAMessageWhileNewOnesArrive() {
    long a = user();
    long b = user();
    List<String> sent = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      sent.add(0, send(a, b, "m" + i).get("id").asText());
    }

    List<String> seen = new ArrayList<>();
    String cursor = null;
    do {
      String q = cursor == null ? "" : "&cursor=" + java.net.URLEncoder.encode(cursor, java.nio.charset.StandardCharsets.UTF_8);
      JsonNode page = api.get("/v1/users/" + b + "/conversations/" + a + "/messages?limit=3" + q).json();
      page.get("items").forEach(m -> seen.add(m.get("id").asText()));
      send(a, b, "arrives while paging");
      cursor = page.get("next").isNull() ? null : page.get("next").asText();
    } while (cursor != null);

    assertThat(seen).containsExactlyElementsOf(sent);
  }

  @Test
  void theConversationListPagesWithItsCursor() {
    long me = user();
    for (int i = 0; i < 5; i++) {
      send(user(), me, "hi " + i);
    }

    JsonNode first = api.get("/v1/users/" + me + "/conversations?limit=2").json();
    JsonNode rest = api.get("/v1/users/" + me + "/conversations?limit=100&cursor=" + first.get("next").asText()).json();

    assertThat(first.get("items")).hasSize(2);
    assertThat(rest.get("items")).hasSize(3);
    assertThat(rest.get("next").isNull()).isTrue();
  }

  @Test
  void readingOnOneDeviceClearsOnlyThatDevicesUnreadCount() {
    long me = user();
    long peer = user();
    send(peer, me, "a");
    send(peer, me, "b");

    Reply r = api.post("/v1/users/" + me + "/conversations/" + peer + "/read", json(Map.of("device", "pc")));

    assertThat(r.status()).isEqualTo(204);
    assertThat(unread(me, "pc").get("total").asLong()).isZero();
    assertThat(unread(me, "mobile").get("total").asLong()).isEqualTo(2);
    assertThat(unread(me, "mobile").get("conversations")).containsExactly(
        node(Map.of("peer", "" + peer, "count", 2)));
  }

  @Test
  void readingUpToAMessageLeavesTheLaterOnesUnread() {
    long me = user();
    long peer = user();
    JsonNode first = send(peer, me, "a");
    send(peer, me, "b");
    send(peer, me, "c");

    api.post("/v1/users/" + me + "/conversations/" + peer + "/read",
        json(Map.of("device", "mobile", "upTo", first.get("id").asText())));

    assertThat(unread(me, "mobile").get("total").asLong()).isEqualTo(2);
    JsonNode conv = api.get("/v1/users/" + me + "/conversations").json().get("items").get(0);
    assertThat(conv.get("unread").get("mobile").asLong()).isEqualTo(2);
    assertThat(conv.get("unread").get("pc").asLong()).isEqualTo(3);
  }

  @Test
  void unreadSumsOverConversations() {
    long me = user();
    long ann = user();
    long bob = user();
    send(ann, me, "1");
    send(bob, me, "2");
    send(bob, me, "3");
    send(me, bob, "my own message is never unread for me");

    JsonNode u = unread(me, "pc");

    assertThat(u.get("total").asLong()).isEqualTo(3);
    assertThat(u.get("conversations")).hasSize(2);
  }

  @Test
  void pinningMutingAndArchivingAnswerTheItemAndMoveItInTheLists() {
    long me = user();
    long ann = user();
    long bob = user();
    send(ann, me, "from ann");
    send(bob, me, "from bob");

    Reply pinned = api.put("/v1/users/" + me + "/conversations/" + ann + "/state", "{\"pinned\":true}");
    assertThat(pinned.status()).as("%s", pinned).isEqualTo(200);
    assertThat(pinned.json().get("pinned").asBoolean()).isTrue();
    assertThat(pinned.json().get("muted").asBoolean()).isFalse();
    assertThat(peers(me, "")).containsExactly("" + ann, "" + bob);

    Reply archived = api.put("/v1/users/" + me + "/conversations/" + bob + "/state", "{\"archived\":true,\"muted\":true}");
    assertThat(archived.json().get("archived").asBoolean()).isTrue();
    assertThat(peers(me, "")).containsExactly("" + ann);
    assertThat(peers(me, "?folder=archived")).containsExactly("" + bob);
    assertThat(unread(me, "pc").get("total").asLong()).as("muted: not in the total").isEqualTo(1);
  }

  @Test
  void aBlockedSenderIsRefusedWith403AndNothingIsStored() {
    long me = user();
    long pest = user();
    send(pest, me, "before");
    assertThat(api.put("/v1/users/" + me + "/blocks/" + pest, null).status()).isEqualTo(204);
    assertThat(api.get("/v1/users/" + me + "/blocks").json().get("items").get(0).get("peer").asText()).isEqualTo("" + pest);

    Reply refused = api.post("/v1/messages", "{\"from\":\"" + pest + "\",\"to\":\"" + me + "\",\"text\":\"again\"}");

    assertThat(refused.status()).isEqualTo(403);
    assertThat(refused.errorCode()).isEqualTo("BLOCKED");
    assertThat(api.get("/v1/users/" + me + "/conversations/" + pest + "/messages").json().get("items")).hasSize(1);
    assertThat(api.delete("/v1/users/" + me + "/blocks/" + pest).status()).isEqualTo(204);
    assertThat(api.get("/v1/users/" + me + "/blocks").json().get("items")).isEmpty();
  }

  @Test
  void theSenderSeesHowFarThePeerHasRead() {
    long me = user();
    long ann = user();
    JsonNode first = send(me, ann, "1");
    send(me, ann, "2");
    assertThat(api.get("/v1/users/" + me + "/conversations/" + ann).json().get("peerReadUpTo").isNull()).isTrue();

    api.post("/v1/users/" + ann + "/conversations/" + me + "/read", "{\"device\":\"pc\",\"upTo\":\"" + first.get("id").asText() + "\"}");

    org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30)).until(() ->
        first.get("id").asText().equals(api.get("/v1/users/" + me + "/conversations/" + ann).json().get("peerReadUpTo").asText()));
  }

  private static List<String> peers(long uid, String query) {
    List<String> out = new ArrayList<>();
    api.get("/v1/users/" + uid + "/conversations" + query).json().get("items").forEach(i -> out.add(i.get("peer").asText()));
    return out;
  }

  private static JsonNode unread(long uid, String device) {
    Reply r = api.get("/v1/users/" + uid + "/unread?device=" + device);
    assertThat(r.status()).as("%s", r).isEqualTo(200);
    return r.json();
  }
}
