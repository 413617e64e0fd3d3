package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Messages with a type, a JSON payload and attachments (API.md, A message), over HTTP. */
class TypedMessagesTest extends ApiTestBase {

  /** Stores {@code n} bytes of type image/png through the API. @return the blob's JSON */
  private static JsonNode blob(int n) {
    byte[] bytes = new byte[n];
    new java.util.Random(n).nextBytes(bytes);
    Reply r = api.post("/v1/blobs", bytes, "image/png");
    assertThat(r.status()).as("%s", r).isEqualTo(201);
    return r.json();
  }

  @Test
  void anImageMessageCarriesItsPayloadAndAttachmentsToBothPartiesAndTheList() {
    long alice = user();
    long bob = user();
    JsonNode png = blob(5000);

    Reply sent = api.post("/v1/messages", json(Map.of("from", "" + alice, "to", "" + bob, "type", "image",
        "text", "my cat", "payload", Map.of("w", 640, "h", 480),
        "attachments", List.of(Map.of("blob", png.get("id").asText(), "name", "cat.png")))));

    assertThat(sent.status()).as("%s", sent).isEqualTo(201);
    JsonNode m = sent.json();
    assertThat(m.get("type").asText()).isEqualTo("image");
    assertThat(m.get("text").asText()).isEqualTo("my cat");
    assertThat(m.get("payload")).isEqualTo(node(Map.of("w", 640, "h", 480)));
    assertThat(m.get("attachments")).isEqualTo(node(List.of(Map.of("blob", png.get("id").asText(), "name", "cat.png",
        "contentType", "image/png", "size", 5000))));
    JsonNode history = api.get("/v1/users/" + bob + "/conversations/" + alice + "/messages").json();
    assertThat(history.get("items").get(0)).isEqualTo(m);
    assertThat(api.get("/v1/users/" + bob + "/messages/" + m.get("id").asText()).json()).isEqualTo(m);
    JsonNode last = api.get("/v1/users/" + bob + "/conversations").json().get("items").get(0).get("lastMessage");
    assertThat(last.get("type").asText()).isEqualTo("image");
    assertThat(last.get("text").asText()).isEqualTo("my cat");
  }

  @Test
  void aPlainTextMessageSaysItsTypeAndHasNoPayloadOrAttachments() {
    JsonNode m = send(user(), user(), "hello");

    assertThat(m.get("type").asText()).isEqualTo("text");
    assertThat(m.has("payload")).isFalse();
    assertThat(m.has("attachments")).isFalse();
  }

  @Test
  void aBadPayloadOrAttachmentIs400AndSendsNothing() {
    long alice = user();
    long bob = user();
    String png = blob(100).get("id").asText();
    List<Map<String, Object>> bad = List.of(
        Map.of("type", "card", "payload", List.of(1, 2)),
        Map.of("type", "card", "payload", "{}"),
        Map.of("type", "image", "attachments", List.of(Map.of("blob", "A".repeat(22)))),
        Map.of("type", "image", "attachments", List.of(Map.of("blob", png, "url", "x"))),
        Map.of("type", "image", "attachments", List.of(Map.of("blob", png, "size", 101))),
        Map.of("type", "image", "attachments", Map.of("blob", png)),
        Map.of("type", "sticker"),
        Map.of("type", 5));
    for (Map<String, Object> fields : bad) {
      Map<String, Object> body = new java.util.HashMap<>(fields);
      body.put("from", "" + alice);
      body.put("to", "" + bob);
      Reply r = api.post("/v1/messages", json(body));
      assertThat(r.status()).as("%s: %s", fields, r).isEqualTo(400);
      assertThat(r.errorCode()).isEqualTo("INVALID_ARGUMENT");
    }
    assertThat(api.get("/v1/users/" + bob + "/conversations").json().get("items")).isEmpty();
  }

  @Test
  void aTypedBroadcastShowsItsContentToItsSenderAndReceivers() {
    long news = user();
    long reader = user();
    assertThat(api.put("/v1/users/" + reader + "/following/" + news, null).status()).isEqualTo(204);
    String cover = blob(300).get("id").asText();

    Reply accepted = api.post("/v1/broadcasts", json(Map.of("from", "" + news, "type", "card",
        "payload", Map.of("title", "早报"), "attachments", List.of(Map.of("blob", cover)),
        "audience", Map.of("type", "followers"))));

    assertThat(accepted.status()).as("%s", accepted).isEqualTo(202);
    assertThat(accepted.json().get("type").asText()).isEqualTo("card");
    assertThat(accepted.json().get("payload")).isEqualTo(node(Map.of("title", "早报")));
    JsonNode m = api.get("/v1/users/" + reader + "/conversations/" + news + "/messages").json().get("items").get(0);
    assertThat(m.get("kind").asText()).isEqualTo("broadcast");
    assertThat(m.get("payload")).isEqualTo(node(Map.of("title", "早报")));
    assertThat(m.get("attachments").get(0).get("size").asLong()).isEqualTo(300);
  }
}
