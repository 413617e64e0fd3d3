package io.letterbox.server.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Groups ask consent (API.md, Safety): a user who blocked the adder, or whose groupAdds setting
 * excludes it, is not put into a group by any route; any member may leave, and a group whose
 * last member left is gone.
 */
class GroupConsentTest extends ApiTestBase {

  private static Reply createGroup(long by, long... members) {
    return api.post("/v1/groups", json(Map.of("by", "" + by, "name", "g", "members",
        java.util.Arrays.stream(members).mapToObj(m -> "" + m).toList())));
  }

  private static void block(long owner, long peer) {
    assertThat(api.put("/v1/users/" + owner + "/blocks/" + peer, "").status()).isEqualTo(204);
  }

  private static Reply settings(long uid, String groupAdds) {
    return api.put("/v1/users/" + uid + "/settings", json(Map.of("groupAdds", groupAdds)));
  }

  private static List<String> memberUids(String gid) {
    return api.get("/v1/groups/" + gid + "/members").json().get("items").findValuesAsText("uid");
  }

  private static List<String> conversationGroups(long owner) {
    return api.get("/v1/users/" + owner + "/conversations").json().get("items").findValuesAsText("group");
  }

  @Test
  void aUserWhoBlockedTheCreatorIsNotPutIntoItsGroupAndSeesNothingOfIt() {
    long a = user();
    long b = user();
    long c = user();
    block(c, a);
    assertThat(api.post("/v1/messages", json(Map.of("from", "" + a, "to", "" + c, "text", "hi"))).errorCode())
        .isEqualTo("BLOCKED");

    Reply created = createGroup(a, b, c);
    String gid = created.json().get("id").asText();
    Reply posted = api.post("/v1/groups/" + gid + "/messages", json(Map.of("from", "" + a, "text", "look @c",
        "mentions", List.of("" + c))));

    assertThat(created.status()).isEqualTo(201);
    assertThat(created.json().get("refused")).isEqualTo(node(List.of(Map.of("uid", "" + c, "code", "BLOCKED"))));
    assertThat(created.json().get("members").asInt()).isEqualTo(2);
    assertThat(posted.status()).isEqualTo(201);
    assertThat(memberUids(gid)).containsExactly("" + a, "" + b);
    assertThat(conversationGroups(c)).doesNotContain(gid);
    for (String device : List.of("pc", "mobile")) {
      assertThat(api.get("/v1/users/" + c + "/unread?device=" + device).json().get("total").asLong()).isZero();
    }
    assertThat(api.get("/v1/users/" + c + "/groups/" + gid + "/messages").errorCode()).isEqualTo("NOT_MEMBER");
    assertThat(api.get("/v1/users/" + c + "/groups/" + gid).errorCode()).isEqualTo("NOT_MEMBER");
    assertThat(conversationGroups(b)).contains(gid);
  }

  @Test
  void addingOneWhoBlockedTheAdderIs403BlockedAndABulkAddListsIt() {
    long a = user();
    long b = user();
    long c = user();
    String gid = createGroup(a, b).json().get("id").asText();
    block(c, a);
    JsonNode before = api.get("/v1/groups/" + gid).json();

    Reply single = api.put("/v1/groups/" + gid + "/members/" + c, json(Map.of("by", "" + a)));
    Reply bulk = api.post("/v1/groups/" + gid + "/members", json(Map.of("by", "" + a, "uids", List.of("" + c))));

    assertThat(single.status()).isEqualTo(403);
    assertThat(single.errorCode()).isEqualTo("BLOCKED");
    assertThat(bulk.status()).isEqualTo(200);
    assertThat(bulk.json()).isEqualTo(node(Map.of("refused", List.of(Map.of("uid", "" + c, "code", "BLOCKED")))));
    assertThat(api.get("/v1/groups/" + gid).json()).isEqualTo(before);
    assertThat(memberUids(gid)).containsExactly("" + a, "" + b);
    assertThat(conversationGroups(c)).doesNotContain(gid);
  }

  @Test
  void groupAddsNobodyAndFollowingAreNotAllowedForOthers() {
    long a = user();
    long shy = user();
    long picky = user();
    long open = user();
    assertThat(settings(shy, "nobody").status()).isEqualTo(200);
    assertThat(settings(picky, "following").status()).isEqualTo(200);

    Reply created = createGroup(a, shy, picky, open);
    String gid = created.json().get("id").asText();

    assertThat(created.json().get("refused")).isEqualTo(node(List.of(Map.of("uid", "" + shy, "code", "NOT_ALLOWED"),
        Map.of("uid", "" + picky, "code", "NOT_ALLOWED"))));
    assertThat(memberUids(gid)).containsExactly("" + a, "" + open);
    Reply single = api.put("/v1/groups/" + gid + "/members/" + shy, json(Map.of("by", "" + a)));
    assertThat(single.status()).isEqualTo(403);
    assertThat(single.errorCode()).isEqualTo("NOT_ALLOWED");
    assertThat(api.put("/v1/groups/" + gid + "/members/" + picky, json(Map.of("by", "" + a))).errorCode())
        .isEqualTo("NOT_ALLOWED");

    assertThat(api.put("/v1/users/" + picky + "/following/" + a, "").status()).isEqualTo(204);
    assertThat(api.put("/v1/groups/" + gid + "/members/" + picky, json(Map.of("by", "" + a))).status())
        .as("picky follows a now").isEqualTo(204);
    assertThat(memberUids(gid)).containsExactly("" + a, "" + picky, "" + open);
  }

  @Test
  void theOwnerLeavesAndItsLongestStandingAdminOwnsTheGroup() {
    long a = user();
    long b = user();
    long c = user();
    String gid = createGroup(a, b, c).json().get("id").asText();
    assertThat(api.put("/v1/groups/" + gid + "/members/" + c, json(Map.of("by", "" + a, "role", "admin"))).status())
        .isEqualTo(204);

    assertThat(api.delete("/v1/groups/" + gid + "/members/" + a + "?by=" + a).status()).isEqualTo(204);

    assertThat(api.get("/v1/groups/" + gid).json().get("owner").asText()).isEqualTo("" + c);
    assertThat(api.get("/v1/groups/" + gid + "/members").json().get("items").findValuesAsText("role"))
        .containsExactly("member", "owner");
    assertThat(memberUids(gid)).containsExactly("" + b, "" + c);
  }

  @Test
  void aGroupWhoseLastMemberLeftIsGone() {
    long a = user();
    long b = user();
    String gid = createGroup(a, b).json().get("id").asText();
    assertThat(api.post("/v1/groups/" + gid + "/messages", json(Map.of("from", "" + b, "text", "bye"))).status())
        .isEqualTo(201);
    assertThat(api.delete("/v1/groups/" + gid + "/members/" + b + "?by=" + b).status()).isEqualTo(204);

    assertThat(api.delete("/v1/groups/" + gid + "/members/" + a + "?by=" + a).status()).isEqualTo(204);

    assertThat(api.get("/v1/groups/" + gid).status()).isEqualTo(404);
    assertThat(api.get("/v1/groups/" + gid + "/members").status()).isEqualTo(404);
    assertThat(api.post("/v1/groups/" + gid + "/messages", json(Map.of("from", "" + a, "text", "anyone?")))
        .status()).isEqualTo(404);
    assertThat(api.put("/v1/groups/" + gid + "/members/" + a, json(Map.of("by", "" + a))).status()).isEqualTo(404);
    assertThat(api.send("PATCH", "/v1/groups/" + gid, json(Map.of("by", "" + a, "name", "back")), "application/json")
        .status()).isEqualTo(404);
    assertThat(api.get("/v1/users/" + a + "/groups/" + gid + "/messages").json().get("items").findValuesAsText("text"))
        .as("a former member keeps what it saw").containsExactly("bye");
  }

  @Test
  void settingsDefaultToEveryoneAndTakeOnlyKnownValues() {
    long u = user();
    assertThat(api.get("/v1/users/" + u + "/settings").json()).isEqualTo(node(Map.of("groupAdds", "everyone")));

    Reply set = settings(u, "following");

    assertThat(set.status()).isEqualTo(200);
    assertThat(set.json()).isEqualTo(node(Map.of("groupAdds", "following")));
    assertThat(api.get("/v1/users/" + u + "/settings").json()).isEqualTo(set.json());
    assertThat(settings(u, "friends").errorCode()).isEqualTo("INVALID_ARGUMENT");
    assertThat(api.put("/v1/users/" + u + "/settings", json(Map.of("groupAdds", "nobody", "colour", "red")))
        .errorCode()).isEqualTo("INVALID_ARGUMENT");
    assertThat(api.put("/v1/users/" + u + "/settings", "{}").errorCode()).isEqualTo("INVALID_ARGUMENT");
    assertThat(api.get("/v1/users/" + u + "/settings").json()).isEqualTo(set.json());
  }
}
