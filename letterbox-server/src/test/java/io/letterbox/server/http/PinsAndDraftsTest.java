package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.client.Message;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.SseClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Pinned messages and drafts over HTTP (API.md, "Conversations, richer"; decision 0050): each
 * route, its refusals with nothing changed (a 51st pin, a message of another conversation, a
 * group member who is no admin, a draft over the text limit or a malformed body), the
 * {@code conversation} event of a draft on the owner's stream, and the Java client's calls.
 */
class PinsAndDraftsTest extends ApiTestBase {
  private static final String TEXT_LIMIT = "x".repeat(4001);

  private static List<String> pins(long uid, long peer) {
    return ids(api.get("/v1/users/" + uid + "/conversations/" + peer + "/pins"));
  }

  private static List<String> groupPins(long uid, long gid) {
    return ids(api.get("/v1/users/" + uid + "/groups/" + gid + "/pins"));
  }

  private static List<String> ids(Reply r) {
    assertThat(r.status()).as("%s", r).isEqualTo(200);
    List<String> out = new ArrayList<>();
    r.json().get("items").forEach(m -> out.add(m.get("id").asText()));
    return out;
  }

  private static String pin(long uid, long peer, String id) {
    return "/v1/users/" + uid + "/conversations/" + peer + "/pins/" + id;
  }

  private static String draftOf(long owner, long peer) {
    JsonNode item = api.get("/v1/users/" + owner + "/conversations/" + peer).json();
    return item.has("draft") ? item.get("draft").asText() : null;
  }

  @Test
  void eitherPartyPinsAndBothReadTheSamePinsWhileAMessageOfAnotherConversationIsNotFound() {
    long alice = user();
    long bob = user();
    long carol = user();
    String hers = send(alice, bob, "hers").get("id").asText();
    String his = send(bob, alice, "his").get("id").asText();
    String toCarol = send(alice, carol, "to carol").get("id").asText();

    assertThat(api.put(pin(alice, bob, hers), null).status()).isEqualTo(204);
    assertThat(api.put(pin(bob, alice, his), null).status()).isEqualTo(204);
    assertThat(api.put(pin(bob, alice, his), null).status()).as("again").isEqualTo(204);
    assertThat(pins(alice, bob)).containsExactly(his, hers);
    assertThat(pins(bob, alice)).containsExactly(his, hers);
    JsonNode first = api.get("/v1/users/" + alice + "/conversations/" + bob + "/pins").json().get("items").get(0);
    assertThat(first.get("text").asText()).as("a whole message").isEqualTo("his");

    Reply elsewhere = api.put(pin(alice, bob, toCarol), null);
    assertThat(elsewhere.status()).as("%s", elsewhere).isEqualTo(404);
    assertThat(elsewhere.errorCode()).isEqualTo("NOT_FOUND");
    assertThat(api.put(pin(alice, bob, "abc"), null).status()).isEqualTo(400);
    assertThat(pins(alice, bob)).as("nothing changed").containsExactly(his, hers);
    assertThat(pins(alice, carol)).isEmpty();

    assertThat(api.delete(pin(alice, bob, his)).status()).isEqualTo(204);
    assertThat(api.delete(pin(alice, bob, his)).status()).isEqualTo(204);
    assertThat(pins(bob, alice)).containsExactly(hers);
  }

  @Test
  void aFiftyFirstPinIsRefusedWith409AndChangesNothing() {
    long alice = user();
    long bob = user();
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 51; i++) {
      ids.add(send(alice, bob, "m" + i).get("id").asText());
    }
    for (int i = 0; i < 50; i++) {
      assertThat(api.put(pin(i % 2 == 0 ? alice : bob, i % 2 == 0 ? bob : alice, ids.get(i)), null).status()).isEqualTo(204);
    }
    List<String> fifty = pins(alice, bob);
    assertThat(fifty).hasSize(50);

    Reply refused = api.put(pin(bob, alice, ids.get(50)), null);
    assertThat(refused.status()).as("%s", refused).isEqualTo(409);
    assertThat(refused.errorCode()).isEqualTo("TOO_MANY_PINS");
    assertThat(pins(alice, bob)).isEqualTo(fifty);
    assertThat(pins(bob, alice)).isEqualTo(fifty);
  }

  @Test
  void aGroupsOwnerAndAdminsPinItsMessagesAndItsMembersReadThem() {
    long owner = user();
    long member = user();
    long outsider = user();
    String gid = api.post("/v1/groups", json(Map.of("by", "" + owner, "name", "team", "members", List.of("" + member))))
        .json().get("id").asText();
    String post = api.post("/v1/groups/" + gid + "/messages", json(Map.of("from", "" + member, "text", "pin me")))
        .json().get("id").asText();
    String pinPath = "/v1/groups/" + gid + "/pins/" + post;

    Reply byMember = api.put(pinPath + "?by=" + member, null);
    assertThat(byMember.status()).as("%s", byMember).isEqualTo(403);
    assertThat(byMember.errorCode()).isEqualTo("NOT_GROUP_ADMIN");
    assertThat(api.put(pinPath, null).status()).as("no by").isEqualTo(400);
    assertThat(groupPins(member, Long.parseLong(gid))).as("nothing changed").isEmpty();

    assertThat(api.put(pinPath + "?by=" + owner, null).status()).isEqualTo(204);
    assertThat(groupPins(member, Long.parseLong(gid))).containsExactly(post);
    assertThat(api.get("/v1/users/" + outsider + "/groups/" + gid + "/pins").status()).isEqualTo(403);
    Reply unpinByMember = api.delete(pinPath + "?by=" + member);
    assertThat(unpinByMember.status()).isEqualTo(403);
    assertThat(groupPins(owner, Long.parseLong(gid))).containsExactly(post);
    assertThat(api.delete(pinPath + "?by=" + owner).status()).isEqualTo(204);
    assertThat(groupPins(member, Long.parseLong(gid))).isEmpty();
  }

  @Test
  void aDraftIsCarriedByTheItemAndItsListAndBadBodiesChangeNothing() {
    long alice = user();
    long bob = user();
    send(bob, alice, "hi");
    String path = "/v1/users/" + alice + "/conversations/" + bob + "/draft";

    assertThat(api.put(path, "{\"text\":\"see you\"}").status()).isEqualTo(204);
    assertThat(draftOf(alice, bob)).isEqualTo("see you");
    assertThat(api.get("/v1/users/" + alice + "/conversations").json().get("items").get(0).get("draft").asText())
        .isEqualTo("see you");
    assertThat(draftOf(bob, alice)).as("the peer's").isNull();

    for (String bad : new String[] {"{\"text\":\"" + TEXT_LIMIT + "\"}", "{\"text\":\"x\",\"extra\":1}", "{\"text\":",
        "{}", "{\"text\":5}", "[]"}) {
      Reply r = api.put(path, bad);
      assertThat(r.status()).as("%s: %s", bad.length() > 40 ? bad.substring(0, 40) : bad, r).isEqualTo(400);
    }
    assertThat(draftOf(alice, bob)).as("nothing changed").isEqualTo("see you");

    assertThat(api.put(path, "{\"text\":\"\"}").status()).isEqualTo(204);
    assertThat(draftOf(alice, bob)).isNull();
  }

  @Test
  void aDraftIsAConversationEventOnTheOwnersOtherStream() {
    long alice = user();
    long bob = user();
    send(bob, alice, "hi");
    try (SseClient other = new SseClient(api.port(), alice, null)) {
      other.awaitConnected();
      int before = other.events().size();
      assertThat(api.put("/v1/users/" + alice + "/conversations/" + bob + "/draft", "{\"text\":\"typing…\"}").status())
          .isEqualTo(204);
      List<String[]> events = other.await(before + 1);
      String[] last = events.get(events.size() - 1);
      assertThat(last[1]).isEqualTo("conversation");
      assertThat(last[2]).contains("\"peer\":\"" + bob + "\"");
    }
  }

  @Test
  void aPinIsAConversationEventOnBothPartiesStreams() {
    long alice = user();
    long bob = user();
    String id = send(bob, alice, "pin me").get("id").asText();
    try (SseClient hers = new SseClient(api.port(), alice, null); SseClient his = new SseClient(api.port(), bob, null)) {
      hers.awaitConnected();
      his.awaitConnected();
      int herBefore = hers.events().size();
      int hisBefore = his.events().size();
      assertThat(api.put(pin(alice, bob, id), null).status()).isEqualTo(204);
      for (Object[] stream : new Object[][] {{hers, herBefore, bob}, {his, hisBefore, alice}}) {
        List<String[]> events = ((SseClient) stream[0]).await((Integer) stream[1] + 1);
        String[] last = events.get(events.size() - 1);
        assertThat(last[1]).isEqualTo("conversation");
        assertThat(last[2]).contains("\"peer\":\"" + stream[2] + "\"");
      }
    }
  }

  @Test
  void theJavaClientPinsUnpinsListsAndSavesDrafts() {
    long alice = user();
    long bob = user();
    String id = send(alice, bob, "pinned by the client").get("id").asText();
    client.conversations().pin(alice, bob, Long.parseLong(id)).execute();
    assertThat(client.conversations().pins(bob, alice).execute().items()).extracting(Message::text)
        .containsExactly("pinned by the client");
    client.conversations().unpin(bob, alice, Long.parseLong(id)).execute();
    assertThat(client.conversations().pins(alice, bob).execute().items()).isEmpty();
    client.conversations().setDraft(alice, bob, "later").execute();
    assertThat(client.conversations().get(alice, bob).execute().draft()).isEqualTo("later");

    long gid = client.groups().create(io.letterbox.client.CreateGroup.of(alice, "g", List.of(bob))).execute().id();
    String post = api.post("/v1/groups/" + gid + "/messages", json(Map.of("from", "" + bob, "text", "post")))
        .json().get("id").asText();
    client.groups().pin(gid, Long.parseLong(post), alice).execute();
    assertThat(client.groups().pins(bob, gid).execute().items()).extracting(Message::text).containsExactly("post");
    client.groups().unpin(gid, Long.parseLong(post), alice).execute();
    assertThat(client.groups().pins(bob, gid).execute().items()).isEmpty();
  }

  private static String groupDraftOf(long member, String gid) {
    JsonNode item = api.get("/v1/users/" + member + "/groups/" + gid).json();
    return item.has("draft") ? item.get("draft").asText() : null;
  }

  private static String group(long owner, long member) {
    return api.post("/v1/groups", json(Map.of("by", "" + owner, "name", "team", "members", List.of("" + member))))
        .json().get("id").asText();
  }

  @Test
  void aMembersGroupDraftIsCarriedByTheGroupItemWhileOutsidersAndBadBodiesChangeNothing() {
    long owner = user();
    long member = user();
    long outsider = user();
    String gid = group(owner, member);
    String path = "/v1/users/" + member + "/groups/" + gid + "/draft";

    assertThat(api.put(path, "{\"text\":\"see you all\"}").status()).isEqualTo(204);
    assertThat(groupDraftOf(member, gid)).isEqualTo("see you all");
    JsonNode listed = api.get("/v1/users/" + member + "/conversations").json().get("items").get(0);
    assertThat(listed.get("group").asText()).isEqualTo(gid);
    assertThat(listed.get("draft").asText()).isEqualTo("see you all");
    assertThat(groupDraftOf(owner, gid)).as("another member's").isNull();

    Reply notMember = api.put("/v1/users/" + outsider + "/groups/" + gid + "/draft", "{\"text\":\"let me in\"}");
    assertThat(notMember.status()).as("%s", notMember).isEqualTo(403);
    assertThat(notMember.errorCode()).isEqualTo("NOT_MEMBER");
    assertThat(api.put("/v1/users/" + member + "/groups/1/draft", "{\"text\":\"x\"}").status()).as("no such group")
        .isEqualTo(404);
    for (String bad : new String[] {"{\"text\":\"" + TEXT_LIMIT + "\"}", "{\"text\":\"x\",\"extra\":1}", "{\"text\":",
        "{}", "{\"text\":5}", "[]"}) {
      Reply r = api.put(path, bad);
      assertThat(r.status()).as("%s: %s", bad.length() > 40 ? bad.substring(0, 40) : bad, r).isEqualTo(400);
    }
    assertThat(groupDraftOf(member, gid)).as("nothing changed").isEqualTo("see you all");

    assertThat(api.put(path, "{\"text\":\"\"}").status()).isEqualTo(204);
    assertThat(groupDraftOf(member, gid)).isNull();
  }

  @Test
  void aGroupDraftIsAConversationEventNamingTheGroupOnTheMembersOtherStream() {
    long owner = user();
    long member = user();
    String gid = group(owner, member);
    try (SseClient other = new SseClient(api.port(), member, null)) {
      other.awaitConnected();
      int before = other.events().size();
      assertThat(client.groups().setDraft(member, Long.parseLong(gid), "typing…").execute()).isNull();
      List<String[]> events = other.await(before + 1);
      String[] last = events.get(events.size() - 1);
      assertThat(last[1]).isEqualTo("conversation");
      assertThat(last[2]).contains("\"group\":\"" + gid + "\"").doesNotContain("\"peer\"");
    }
    assertThat(groupDraftOf(member, gid)).isEqualTo("typing…");
  }

  @Test
  void aGroupPinIsAConversationEventNamingTheGroupOnTheConnectedMembersStreams() {
    long owner = user();
    long member = user();
    String gid = group(owner, member);
    try (SseClient theirs = new SseClient(api.port(), member, null)) {
      theirs.awaitConnected();
      String post = api.post("/v1/groups/" + gid + "/messages", json(Map.of("from", "" + owner, "text", "pin me")))
          .json().get("id").asText();
      org.awaitility.Awaitility.await().atMost(java.time.Duration.ofMinutes(1))
          .until(() -> theirs.events().stream().anyMatch(e -> e[1].equals("message")));
      int before = theirs.events().size();
      assertThat(api.put("/v1/groups/" + gid + "/pins/" + post + "?by=" + owner, null).status()).isEqualTo(204);
      List<String[]> events = theirs.await(before + 1);
      String[] last = events.get(events.size() - 1);
      assertThat(last[1]).isEqualTo("conversation");
      assertThat(last[2]).contains("\"group\":\"" + gid + "\"").doesNotContain("\"peer\"");
    }
  }
}
