package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Groups over HTTP (API.md, Groups; decision 0011). */
class GroupsTest extends ApiTestBase {

  private static String create(long by, long... members) {
    List<String> ids = new ArrayList<>();
    for (long m : members) {
      ids.add("" + m);
    }
    Reply r = api.post("/v1/groups", json(Map.of("by", "" + by, "name", "家人", "members", ids)));
    assertThat(r.status()).as("%s", r).isEqualTo(201);
    return r.json().get("id").asText();
  }

  private static Reply post(String gid, long from, String text, long... mentions) {
    List<String> ids = new ArrayList<>();
    for (long m : mentions) {
      ids.add("" + m);
    }
    return api.post("/v1/groups/" + gid + "/messages", json(Map.of("from", "" + from, "text", text, "mentions", ids)));
  }

  private static JsonNode groupItem(long owner, String gid) {
    for (JsonNode item : api.get("/v1/users/" + owner + "/conversations").json().get("items")) {
      if (item.has("group") && item.get("group").asText().equals(gid)) {
        return item;
      }
    }
    throw new AssertionError("no item of group " + gid + " for " + owner);
  }

  @Test
  void aGroupIsCreatedPostedToAndListedWithExactUnreadForEveryMember() {
    long alice = user();
    long bob = user();
    long carol = user();

    Reply created = api.post("/v1/groups", json(Map.of("by", "" + alice, "name", "家人",
        "members", List.of("" + bob, "" + carol, "" + bob), "newMembersSee", "all")));
    String gid = created.json().get("id").asText();
    Reply posted = post(gid, bob, "晚饭吃什么", carol);

    assertThat(created.status()).isEqualTo(201);
    assertThat(created.json().get("owner").asText()).isEqualTo("" + alice);
    assertThat(created.json().get("members").asInt()).as("repeats dropped, the creator added").isEqualTo(3);
    assertThat(created.json().get("newMembersSee").asText()).isEqualTo("all");
    assertThat(created.json().get("refused")).isEmpty();
    JsonNode group = created.json().deepCopy();
    ((com.fasterxml.jackson.databind.node.ObjectNode) group).remove("refused");
    assertThat(api.get("/v1/groups/" + gid).json()).isEqualTo(group);
    assertThat(posted.status()).as("%s", posted).isEqualTo(201);
    JsonNode m = posted.json();
    assertThat(m.get("kind").asText()).isEqualTo("group");
    assertThat(m.get("group").asText()).isEqualTo(gid);
    assertThat(m.has("to")).isFalse();
    assertThat(m.get("mentions")).isEqualTo(node(List.of("" + carol)));

    JsonNode carolsItem = groupItem(carol, gid);
    assertThat(carolsItem.has("peer")).isFalse();
    assertThat(carolsItem.get("lastMessage")).isEqualTo(m);
    assertThat(carolsItem.get("unread")).isEqualTo(node(Map.of("pc", 1, "mobile", 1)));
    assertThat(carolsItem.get("mentioned").asBoolean()).isTrue();
    assertThat(groupItem(alice, gid).get("mentioned").asBoolean()).isFalse();
    assertThat(api.get("/v1/users/" + alice + "/unread?device=pc").json())
        .isEqualTo(node(Map.of("total", 1, "conversations", List.of(Map.of("group", gid, "count", 1)))));
    assertThat(api.get("/v1/users/" + alice + "/groups/" + gid + "/messages").json().get("items"))
        .isEqualTo(node(List.of(m)));

    Reply read = api.post("/v1/users/" + alice + "/groups/" + gid + "/read", json(Map.of("device", "pc")));

    assertThat(read.status()).isEqualTo(204);
    assertThat(api.get("/v1/users/" + alice + "/unread?device=pc").json().get("total").asInt()).isZero();
    assertThat(api.get("/v1/users/" + alice + "/messages/" + m.get("id").asText()).json()).isEqualTo(m);
  }

  @Test
  void theOwnerAndAdminsAdministerMembersAndTheOwnerHandsTheGroupOver() {
    long owner = user();
    long admin = user();
    long member = user();
    long d = user();
    long e = user();
    String gid = create(owner, admin, member);
    String members = "/v1/groups/" + gid + "/members";

    assertThat(api.put(members + "/" + admin, json(Map.of("by", "" + owner, "role", "admin"))).status()).isEqualTo(204);
    Reply bulk = api.post(members, json(Map.of("by", "" + admin, "uids", List.of("" + d, "" + e))));
    assertThat(bulk.status()).isEqualTo(200);
    assertThat(bulk.json().get("refused")).isEmpty();
    assertThat(api.delete(members + "/" + e + "?by=" + admin).status()).isEqualTo(204);
    assertThat(api.delete(members + "/" + member + "?by=" + member).status()).as("leaving").isEqualTo(204);
    Reply renamed = api.send("PATCH", "/v1/groups/" + gid, json(Map.of("by", "" + admin, "name", "new name")),
        "application/json");
    assertThat(renamed.json().get("name").asText()).isEqualTo("new name");
    assertThat(api.put(members + "/" + admin, json(Map.of("by", "" + owner, "role", "owner"))).status()).isEqualTo(204);

    JsonNode first = api.get(members + "?limit=2").json();
    JsonNode second = api.get(members + "?limit=2&cursor=" + first.get("next").asText()).json();
    List<String> listed = new ArrayList<>();
    first.get("items").forEach(i -> listed.add(i.get("uid").asText() + ":" + i.get("role").asText()));
    second.get("items").forEach(i -> listed.add(i.get("uid").asText() + ":" + i.get("role").asText()));
    assertThat(listed).containsExactly(owner + ":admin", admin + ":owner", d + ":member");
    assertThat(second.get("next").isNull()).isTrue();
    assertThat(api.get("/v1/groups/" + gid).json().get("owner").asText()).isEqualTo("" + admin);
  }

  @Test
  void aMembersSyncGivesItsJoinAndTheGroupsMessagesWithTheGroupNamed() {
    long alice = user();
    long bob = user();
    String since = api.get("/v1/users/" + bob + "/sync").json().get("next").asText();
    String gid = create(alice, bob);
    JsonNode m = post(gid, alice, "welcome").json();

    JsonNode events = api.get("/v1/users/" + bob + "/sync?since=" + since).json().get("events");

    assertThat(events).hasSize(2);
    assertThat(events.get(0).get("type").asText()).isEqualTo("group");
    assertThat(events.get(0).get("group").asText()).isEqualTo(gid);
    assertThat(events.get(0).get("scope").asText()).isEqualTo("joined");
    assertThat(events.get(1).get("type").asText()).isEqualTo("message");
    assertThat(events.get(1).get("group").asText()).isEqualTo(gid);
    assertThat(events.get(1).has("peer")).isFalse();
    assertThat(events.get(1).get("message")).isEqualTo(m);
  }

  @Test
  void aMemberPinsMutesAndArchivesItsGroupConversation() {
    long alice = user();
    long bob = user();
    String gid = create(alice, bob);
    post(gid, bob, "hello");
    String state = "/v1/users/" + alice + "/groups/" + gid + "/state";

    Reply pinned = api.put(state, json(Map.of("pinned", true, "muted", true)));
    Reply archived = api.put(state, json(Map.of("archived", true)));

    assertThat(pinned.status()).as("%s", pinned).isEqualTo(200);
    assertThat(pinned.json().get("pinned").asBoolean()).isTrue();
    assertThat(pinned.json().get("muted").asBoolean()).isTrue();
    assertThat(api.get("/v1/users/" + alice + "/groups/" + gid).json()).isEqualTo(archived.json());
    assertThat(api.get("/v1/users/" + alice + "/conversations?folder=archived").json().get("items").get(0).get("group")
        .asText()).isEqualTo(gid);
    assertThat(api.get("/v1/users/" + alice + "/unread?device=pc").json().get("total").asInt()).as("muted").isZero();
    assertThat(api.put(state, "{}").status()).isEqualTo(400);
    assertThat(api.put("/v1/users/" + user() + "/groups/" + gid + "/state", json(Map.of("pinned", true))).errorCode())
        .isEqualTo("NOT_MEMBER");
  }

  @Test
  void badGroupRequestsAreRefusedWithTheirCodesAndChangeNothing() {
    long owner = user();
    long member = user();
    long stranger = user();
    String gid = create(owner, member);
    Reply first = post(gid, member, "the only message");
    JsonNode groupBefore = api.get("/v1/groups/" + gid).json();
    JsonNode membersBefore = api.get("/v1/groups/" + gid + "/members").json();
    String unknown = "" + (Long.parseLong(gid) + 1);

    Map<String, Reply> refused = new java.util.LinkedHashMap<>();
    refused.put("NOT_MEMBER posting", post(gid, stranger, "let me in"));
    refused.put("NOT_FOUND posting to an unknown group", post(unknown, owner, "hello?"));
    refused.put("NOT_GROUP_ADMIN adding", api.put("/v1/groups/" + gid + "/members/" + stranger,
        json(Map.of("by", "" + member))));
    refused.put("NOT_GROUP_ADMIN renaming", api.send("PATCH", "/v1/groups/" + gid,
        json(Map.of("by", "" + member, "name", "mine")), "application/json"));
    refused.put("NOT_GROUP_ADMIN removing the owner", api.delete("/v1/groups/" + gid + "/members/" + owner + "?by=" + member));
    refused.put("INVALID_ARGUMENT removing without by", api.delete("/v1/groups/" + gid + "/members/" + member));
    refused.put("NOT_FOUND removing a non-member", api.delete("/v1/groups/" + gid + "/members/" + stranger + "?by=" + owner));
    refused.put("INVALID_ARGUMENT an unknown role", api.put("/v1/groups/" + gid + "/members/" + stranger,
        json(Map.of("by", "" + owner, "role", "king"))));
    refused.put("INVALID_ARGUMENT an unknown field", api.post("/v1/groups",
        json(Map.of("by", "" + owner, "name", "x", "colour", "red"))));
    refused.put("INVALID_ARGUMENT an empty name", api.post("/v1/groups", json(Map.of("by", "" + owner, "name", " "))));
    refused.put("INVALID_ARGUMENT newMembersSee", api.post("/v1/groups",
        json(Map.of("by", "" + owner, "name", "x", "newMembersSee", "some"))));
    refused.put("INVALID_ARGUMENT 21 mentions", api.post("/v1/groups/" + gid + "/messages", json(Map.of("from",
        "" + member, "text", "hi", "mentions", java.util.stream.LongStream.rangeClosed(1, 21).mapToObj(i -> "" + i).toList()))));
    refused.put("NOT_MEMBER reading a group's history", api.get("/v1/users/" + stranger + "/groups/" + gid + "/messages"));
    refused.put("NOT_FOUND an unknown group", api.get("/v1/groups/" + unknown));

    refused.forEach((what, r) -> {
      String code = what.substring(0, what.indexOf(' '));
      assertThat(r.errorCode()).as("%s: %s", what, r).isEqualTo(code);
    });
    assertThat(api.get("/v1/groups/" + gid).json()).isEqualTo(groupBefore);
    assertThat(api.get("/v1/groups/" + gid + "/members").json()).isEqualTo(membersBefore);
    assertThat(api.get("/v1/users/" + owner + "/groups/" + gid + "/messages").json().get("items"))
        .isEqualTo(node(List.of(first.json())));
    assertThat(api.get("/v1/users/" + owner + "/conversations").json().get("items")).hasSize(1);
  }
}
