package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SendingMessagesTest extends ApiTestBase {
  static final String TIME = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z";

  @Test
  void sendingAnswers201WithTheStoredMessageAndStringIds() {
    long a = user();
    long b = user();
    Reply r = api.post("/v1/messages", json(Map.of("from", "" + a, "to", "" + b, "text", "hello")));

    assertThat(r.status()).isEqualTo(201);
    assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
    JsonNode m = r.json();
    assertThat(m.get("id").isTextual()).isTrue();
    assertThat(m.get("id").asText()).matches("[1-9][0-9]*");
    assertThat(m.get("kind").asText()).isEqualTo("single");
    assertThat(m.get("from").asText()).isEqualTo("" + a);
    assertThat(m.get("to").asText()).isEqualTo("" + b);
    assertThat(m.get("text").asText()).isEqualTo("hello");
    assertThat(m.get("createdAt").asText()).matches(TIME);
    assertThat(Duration.between(Instant.parse(m.get("createdAt").asText()), Instant.now()).abs())
        .isLessThan(Duration.ofMinutes(1));
  }

  @Test
  void idsMayBeSentAsJsonNumbers() {
    long a = user();
    long b = user();
    Reply r = api.post("/v1/messages", "{\"from\":" + a + ",\"to\":" + b + ",\"text\":\"numbers\"}");

    assertThat(r.status()).isEqualTo(201);
    assertThat(r.json().get("from").asText()).isEqualTo("" + a);
  }

  @Test
  void theSameIdempotencyKeyReturnsTheFirstMessageWith200AndStoresNothingNew() {
    long a = user();
    long b = user();
    String body = json(Map.of("from", "" + a, "to", "" + b, "text", "once", "idempotencyKey", "k1"));
    Reply first = api.post("/v1/messages", body);
    Reply again = api.post("/v1/messages", body);

    assertThat(first.status()).isEqualTo(201);
    assertThat(again.status()).isEqualTo(200);
    assertThat(again.json()).isEqualTo(first.json());
    assertThat(api.get("/v1/users/" + b + "/conversations/" + a + "/messages").json().get("items")).hasSize(1);
  }

  @Test
  void reusingAnIdempotencyKeyForAnotherTextIsAConflictThatStoresNothing() {
    long a = user();
    long b = user();
    api.post("/v1/messages", json(Map.of("from", "" + a, "to", "" + b, "text", "one", "idempotencyKey", "k2")));
    Reply r = api.post("/v1/messages", json(Map.of("from", "" + a, "to", "" + b, "text", "two", "idempotencyKey", "k2")));

    assertThat(r.status()).isEqualTo(409);
    assertThat(r.errorCode()).isEqualTo("IDEMPOTENCY_CONFLICT");
    assertThat(api.get("/v1/users/" + b + "/conversations/" + a + "/messages").json().get("items")).hasSize(1);
  }

  @Test
  void eitherPartyCanReadTheMessageBackByItsId() {
    long a = user();
    long b = user();
    JsonNode m = send(a, b, "by id");

    assertThat(api.get("/v1/users/" + a + "/messages/" + m.get("id").asText()).json()).isEqualTo(m);
    assertThat(api.get("/v1/users/" + b + "/messages/" + m.get("id").asText()).json()).isEqualTo(m);
    Reply stranger = api.get("/v1/users/" + user() + "/messages/" + m.get("id").asText());
    assertThat(stranger.status()).isEqualTo(404);
    assertThat(stranger.errorCode()).isEqualTo("NOT_FOUND");
  }

  @Test
  void laterMessagesHaveLargerIds() {
    long a = user();
    long b = user();
    long first = Long.parseLong(send(a, b, "1").get("id").asText());
    long second = Long.parseLong(send(b, a, "2").get("id").asText());

    assertThat(second).isGreaterThan(first);
  }

  @Test
  void textWithNonAsciiCharactersIsKeptExactly() {
    long a = user();
    long b = user();
    String text = "你好，微博私信 👋 \"quoted\"\n";

    assertThat(send(a, b, text).get("text").asText()).isEqualTo(text);
  }
}
