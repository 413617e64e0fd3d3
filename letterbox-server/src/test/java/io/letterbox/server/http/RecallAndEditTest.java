package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** POST …/messages/{id}/recall and PATCH …/messages/{id} (API.md, Recall and edit). */
class RecallAndEditTest extends ApiTestBase {

  private static JsonNode newest(long owner, long peer) {
    return api.get("/v1/users/" + owner + "/conversations/" + peer + "/messages?limit=1").json().get("items").get(0);
  }

  @Test
  void aRecallIsSeenByBothPartiesInHistoryAndListsAndRecallingAgainIs200() {
    long alice = user();
    long bob = user();
    String id = send(alice, bob, "not for you").get("id").asText();

    Reply recalled = api.post("/v1/users/" + alice + "/messages/" + id + "/recall", null);
    Reply again = api.post("/v1/users/" + alice + "/messages/" + id + "/recall", null);

    assertThat(recalled.status()).as("%s", recalled).isEqualTo(200);
    assertThat(recalled.json().get("status").asText()).isEqualTo("recalled");
    assertThat(recalled.json().get("text").asText()).isEmpty();
    assertThat(again.status()).isEqualTo(200);
    assertThat(again.json()).isEqualTo(recalled.json());
    for (long[] pair : new long[][] {{alice, bob}, {bob, alice}}) {
      assertThat(newest(pair[0], pair[1])).isEqualTo(recalled.json());
      JsonNode item = api.get("/v1/users/" + pair[0] + "/conversations").json().get("items").get(0);
      assertThat(item.get("lastMessage").get("status").asText()).isEqualTo("recalled");
    }
  }

  @Test
  void aBroadcastRecalledByItsSenderIsRecalledForEveryReceiverAndNobodyElseMayRecallIt() {
    long news = user();
    long bob = user();
    long carol = user();
    String uids = json(Map.of("type", "uids", "uids", List.of("" + bob, "" + carol)));
    Reply sent = api.post("/v1/broadcasts", "{\"from\":\"" + news + "\",\"text\":\"oops\",\"audience\":" + uids + "}");
    assertThat(sent.status()).as("%s", sent).isEqualTo(202);
    String id = sent.json().get("id").asText();
    String path = "/v1/broadcasts/" + id + "/recall";

    Reply byReceiver = api.post(path, json(Map.of("by", "" + bob)));
    Reply noBy = api.post(path, "{}");
    Reply notABroadcast = api.post("/v1/broadcasts/" + send(bob, carol, "hi").get("id").asText() + "/recall",
        json(Map.of("by", "" + bob)));
    assertThat(byReceiver.errorCode()).isEqualTo("NOT_SENDER");
    assertThat(noBy.status()).isEqualTo(400);
    assertThat(notABroadcast.status()).isEqualTo(404);
    assertThat(newest(bob, news).get("status").asText()).isEqualTo("normal");

    Reply recalled = api.post(path, json(Map.of("by", "" + news)));
    assertThat(recalled.status()).as("%s", recalled).isEqualTo(200);
    assertThat(recalled.json().get("status").asText()).isEqualTo("recalled");
    assertThat(api.post(path, json(Map.of("by", "" + news))).status()).isEqualTo(200);
    for (long receiver : new long[] {bob, carol}) {
      assertThat(newest(receiver, news)).isEqualTo(recalled.json());
    }
  }

  @Test
  void anEditShowsTheNewTextWithEditedAt() {
    long alice = user();
    long bob = user();
    JsonNode sent = send(alice, bob, "helo");
    assertThat(sent.get("status").asText()).isEqualTo("normal");
    assertThat(sent.get("editedAt").isNull()).isTrue();

    Reply edited = api.send("PATCH", "/v1/users/" + alice + "/messages/" + sent.get("id").asText(),
        json(Map.of("text", "hello")), "application/json");

    assertThat(edited.status()).as("%s", edited).isEqualTo(200);
    assertThat(edited.json().get("text").asText()).isEqualTo("hello");
    assertThat(edited.json().get("editedAt").asText()).endsWith("Z");
    assertThat(newest(bob, alice)).isEqualTo(edited.json());
  }

  @Test
  void someoneElsesMessageIs403NotSenderAndAStrangerGets404() {
    long alice = user();
    long bob = user();
    String id = send(alice, bob, "hi").get("id").asText();

    Reply byReceiver = api.post("/v1/users/" + bob + "/messages/" + id + "/recall", null);
    Reply editByReceiver = api.send("PATCH", "/v1/users/" + bob + "/messages/" + id, json(Map.of("text", "x")),
        "application/json");
    Reply byStranger = api.post("/v1/users/" + user() + "/messages/" + id + "/recall", null);

    assertThat(byReceiver.status()).isEqualTo(403);
    assertThat(byReceiver.errorCode()).isEqualTo("NOT_SENDER");
    assertThat(editByReceiver.errorCode()).isEqualTo("NOT_SENDER");
    assertThat(byStranger.status()).isEqualTo(404);
    assertThat(newest(bob, alice).get("status").asText()).isEqualTo("normal");
  }

  @Test
  void aBadEditIs400AndChangesNothing() {
    long alice = user();
    long bob = user();
    String id = send(alice, bob, "keep me").get("id").asText();
    String path = "/v1/users/" + alice + "/messages/" + id;
    JsonNode card = api.post("/v1/messages", json(Map.of("from", "" + alice, "to", "" + bob, "type", "card",
        "payload", Map.of("a", 1)))).json();

    for (String body : List.of("{}", "{\"text\":\"\"}", "{\"text\":5}", "{\"text\":\"x\",\"more\":1}", "{\"text\":")) {
      Reply r = api.send("PATCH", path, body, "application/json");
      assertThat(r.status()).as(body).isEqualTo(400);
    }
    Reply nonText = api.send("PATCH", "/v1/users/" + alice + "/messages/" + card.get("id").asText(),
        json(Map.of("text", "x")), "application/json");
    assertThat(nonText.status()).isEqualTo(400);
    assertThat(newest(bob, alice).get("type").asText()).isEqualTo("card");
    assertThat(api.get(path.replace("/" + alice + "/", "/" + bob + "/")).json().get("text").asText()).isEqualTo("keep me");
  }
}
