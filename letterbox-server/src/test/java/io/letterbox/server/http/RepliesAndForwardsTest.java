package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import io.letterbox.server.support.UsersAndServices;
import org.junit.jupiter.api.Test;

/**
 * Replies and forwards over HTTP (API.md, Replies and Forwarding): the quote and the origin in
 * every answer, each bad reference refused with nothing changed, and a forward's attachments
 * readable by its new receiver.
 */
class RepliesAndForwardsTest extends UsersAndServices {
  private static String q(long uid) {
    return "\"" + uid + "\"";
  }

  /** A service's send from {@code from} to {@code to} with {@code fields} (JSON members) besides the parties. */
  private static Reply attempt(long from, long to, String fields) {
    return service.post("/v1/messages", "{\"from\":" + q(from) + ",\"to\":" + q(to) + "," + fields + "}");
  }

  private static JsonNode sent(long from, long to, String fields) {
    Reply r = attempt(from, to, fields);
    assertThat(r.status()).as("%s", r).isEqualTo(201);
    return r.json();
  }

  private static JsonNode history(long owner, long peer) {
    return service.get("/v1/users/" + owner + "/conversations/" + peer + "/messages").json().get("items");
  }

  @Test
  void aReplyCarriesItsQuoteInTheSendsAnswerItsHistoryByIdAndTheListAndFollowsAnEdit() {
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    String original = sent(a, b, "\"text\":\"dinner?\"").get("id").asText();

    JsonNode reply = sent(b, a, "\"text\":\"sure\",\"replyTo\":\"" + original + "\"");

    JsonNode quote = reply.get("replyTo");
    assertThat(quote.get("id").asText()).isEqualTo(original);
    assertThat(quote.get("from").asText()).isEqualTo("" + a);
    assertThat(quote.get("text").asText()).isEqualTo("dinner?");
    assertThat(quote.get("status").asText()).isEqualTo("normal");
    assertThat(history(a, b).get(0)).isEqualTo(reply);
    assertThat(service.get("/v1/users/" + a + "/messages/" + reply.get("id").asText()).json()).isEqualTo(reply);
    assertThat(service.get("/v1/users/" + a + "/conversations").json().get("items").get(0).get("lastMessage"))
        .isEqualTo(reply);

    assertThat(service.send("PATCH", "/v1/users/" + a + "/messages/" + original, "{\"text\":\"lunch?\"}",
        "application/json").status()).isEqualTo(200);
    assertThat(history(b, a).get(0).get("replyTo").get("text").asText()).isEqualTo("lunch?");
  }

  @Test
  void aReplyToAMessageOfAnotherConversationIs400AndSendsNothing() {
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    long c = TestServers.freshUid();
    String other = sent(a, c, "\"text\":\"just for c\"").get("id").asText();

    Reply r = attempt(a, b, "\"text\":\"re\",\"replyTo\":\"" + other + "\"");

    assertThat(r.status()).as("%s", r).isEqualTo(400);
    assertThat(r.errorCode()).isEqualTo("INVALID_ARGUMENT");
    assertThat(history(a, b)).isEmpty();
    assertThat(service.get("/v1/users/" + b + "/conversations").json().get("items")).isEmpty();
  }

  @Test
  void aForwardOfAnUnseenMessageIs404AndOneWithContentOfItsOwnIs400AndNeitherSendsAnything() {
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    long c = TestServers.freshUid();
    String hidden = sent(a, b, "\"text\":\"between a and b\"").get("id").asText();

    Reply unseen = attempt(c, a, "\"forwardOf\":\"" + hidden + "\"");
    Reply withText = attempt(b, c, "\"forwardOf\":\"" + hidden + "\",\"text\":\"look\"");
    Reply withType = attempt(b, c, "\"forwardOf\":\"" + hidden + "\",\"type\":\"text\"");

    assertThat(unseen.status()).as("%s", unseen).isEqualTo(404);
    assertThat(unseen.errorCode()).isEqualTo("NOT_FOUND");
    assertThat(withText.status()).as("%s", withText).isEqualTo(400);
    assertThat(withType.status()).as("%s", withType).isEqualTo(400);
    assertThat(service.get("/v1/users/" + c + "/conversations").json().get("items")).isEmpty();
    assertThat(history(a, b)).hasSize(1);
  }

  @Test
  void aForwardCopiesTheContentCarriesItsOriginAndItsAttachmentIsReadableByTheNewReceiver() {
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    long c = TestServers.freshUid();
    String blob = upload(as(a), "a's drawing", "image/png");
    Reply first = as(a).post("/v1/messages", attaching("\"from\":" + q(a) + ",\"to\":" + q(b), blob));
    assertThat(first.status()).as("%s", first).isEqualTo(201);
    JsonNode original = first.json();
    assertThat(as(c).get("/v1/blobs/" + blob).status()).isEqualTo(404);

    Reply r = as(b).post("/v1/messages", "{\"from\":" + q(b) + ",\"to\":" + q(c) + ",\"forwardOf\":\""
        + original.get("id").asText() + "\"}");

    assertThat(r.status()).as("%s", r).isEqualTo(201);
    JsonNode copy = r.json();
    assertThat(copy.get("from").asText()).isEqualTo("" + b);
    assertThat(copy.get("type")).isEqualTo(original.get("type"));
    assertThat(copy.get("attachments")).isEqualTo(original.get("attachments"));
    assertThat(copy.get("forwarded").get("from").asText()).isEqualTo("" + a);
    assertThat(copy.get("forwarded").get("createdAt")).isEqualTo(original.get("createdAt"));
    assertThat(history(c, b).get(0)).isEqualTo(copy);
    assertThat(as(c).get("/v1/blobs/" + blob).body()).isEqualTo("a's drawing");
  }
}
