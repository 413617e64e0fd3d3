package io.letterbox.server.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A route whose body is JSON takes a non-empty body only with a JSON Content-Type
 * ({@code application/json}, in any case, with parameters): without one, or with another, it is 415
 * UNSUPPORTED_MEDIA_TYPE and changes nothing (a browser's form posts {@code text/plain} bodies
 * across sites without asking). An empty body needs no type; raw uploads take any.
 */
class JsonContentTypeTest extends ApiTestBase {

  @Test
  void aMessageWithoutAContentTypeIsRefused415AndNotStored() {
    long a = user();
    long b = user();

    Reply r = api.send("POST", "/v1/messages", message(a, b, "no type"), null);

    assertThat(r.status()).as("%s", r).isEqualTo(415);
    assertThat(r.errorCode()).isEqualTo("UNSUPPORTED_MEDIA_TYPE");
    assertThat(api.get("/v1/users/" + a + "/conversations").json().get("items")).isEmpty();
  }

  @Test
  void aFormOrTextBodyIsRefused415OnEveryKindOfJsonRoute() {
    long a = user();
    long b = user();
    JsonNode sent = send(a, b, "before");
    String id = sent.get("id").asText();
    for (String type : new String[] {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"}) {
      Map<String, Reply> answers = Map.of(
          "send", api.send("POST", "/v1/messages", message(a, b, "typed " + type), type),
          "edit", api.send("PATCH", "/v1/users/" + a + "/messages/" + id, "{\"text\":\"changed\"}", type),
          "state", api.send("PUT", "/v1/users/" + b + "/conversations/" + a + "/state", "{\"pinned\":true}", type),
          "group", api.send("POST", "/v1/groups", "{\"by\":\"" + a + "\",\"name\":\"g\",\"members\":[\"" + b + "\"]}", type));
      answers.forEach((route, r) -> {
        assertThat(r.status()).as("%s with %s: %s", route, type, r).isEqualTo(415);
        assertThat(r.errorCode()).isEqualTo("UNSUPPORTED_MEDIA_TYPE");
      });
    }
    JsonNode conversations = api.get("/v1/users/" + b + "/conversations").json().get("items");
    assertThat(conversations).hasSize(1);
    assertThat(conversations.get(0).get("pinned").asBoolean()).isFalse();
    assertThat(conversations.get(0).get("lastMessage").get("text").asText()).isEqualTo("before");
    assertThat(api.get("/v1/users/" + a + "/conversations").json().get("items")).as("no group").hasSize(1);
  }

  @Test
  void aChunkedBodyWithoutAContentTypeIsRefused415Too() {
    long a = user();
    long b = user();
    byte[] body = message(a, b, "chunked").getBytes(java.nio.charset.StandardCharsets.UTF_8);
    String chunk = Integer.toHexString(body.length) + "\r\n" + new String(body, java.nio.charset.StandardCharsets.UTF_8)
        + "\r\n0\r\n\r\n";

    Reply r = api.raw("POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked", chunk);

    assertThat(r.status()).as("%s", r).isEqualTo(415);
    assertThat(api.get("/v1/users/" + a + "/conversations").json().get("items")).isEmpty();
  }

  @Test
  void jsonInAnyCaseAndWithParametersIsTaken() {
    long a = user();
    long b = user();
    assertThat(api.send("POST", "/v1/messages", message(a, b, "upper"), "Application/JSON").status()).isEqualTo(201);
    assertThat(api.send("POST", "/v1/messages", message(a, b, "utf"), "application/json; Charset=UTF-8").status())
        .isEqualTo(201);
  }

  @Test
  void anEmptyBodyNeedsNoContentType() {
    long a = user();
    String id = send(a, user(), "to recall").get("id").asText();

    Reply r = api.send("POST", "/v1/users/" + a + "/messages/" + id + "/recall", null, null);

    assertThat(r.status()).as("%s", r).isEqualTo(200);
    assertThat(r.json().get("status").asText()).isEqualTo("recalled");
  }

  @Test
  void anUploadTakesItsOwnContentType() {
    Reply r = api.post("/v1/blobs", new byte[] {1, 2, 3}, "text/plain");

    assertThat(r.status()).as("%s", r).isEqualTo(201);
  }

  private static String message(long from, long to, String text) {
    return "{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"" + text + "\"}";
  }
}
