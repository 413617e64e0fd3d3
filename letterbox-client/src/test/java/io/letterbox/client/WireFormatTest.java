package io.letterbox.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class WireFormatTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void idsAreLongsInJavaAndDecimalStringsOnTheWire() throws Exception {
    try (FakeServer server = new FakeServer((r, ex, i) -> FakeServer.json(ex, 201, Fixtures.MESSAGE))) {
      Message m = Fixtures.client(server.url()).build().messages()
          .send(SendMessage.text(9223372036854775807L, 2, "hello").withIdempotencyKey("k1")).execute();

      JsonNode sent = JSON.readTree(server.received.get(0).body());
      assertThat(sent.get("from").isTextual()).isTrue();
      assertThat(sent.get("from").asText()).isEqualTo("9223372036854775807");
      assertThat(sent.get("to").asText()).isEqualTo("2");
      assertThat(sent.get("text").asText()).isEqualTo("hello");
      assertThat(sent.get("idempotencyKey").asText()).isEqualTo("k1");
      assertThat(sent.has("type")).as("absent fields are left out").isFalse();
      assertThat(m.id()).isEqualTo(7403170127155200001L);
      assertThat(m.to()).isEqualTo(2L);
      assertThat(m.createdAt()).isEqualTo(Instant.parse("2026-11-22T10:00:00.123Z"));
    }
  }

  @Test
  void aSendWithoutAKeyGetsOneAndTwoSendsGetTwo() throws Exception {
    try (FakeServer server = new FakeServer((r, ex, i) -> FakeServer.json(ex, 201, Fixtures.MESSAGE))) {
      Messages messages = Fixtures.client(server.url()).build().messages();

      messages.send(SendMessage.text(1, 2, "a")).execute();
      messages.send(SendMessage.text(1, 2, "a")).execute();

      String first = JSON.readTree(server.received.get(0).body()).path("idempotencyKey").asText();
      String second = JSON.readTree(server.received.get(1).body()).path("idempotencyKey").asText();
      assertThat(first).isNotBlank().isNotEqualTo(second);
    }
  }

  @Test
  void attachmentsSizesAndAudiencesKeepTheirJsonTypes() throws Exception {
    try (FakeServer server = new FakeServer((r, ex, i) -> FakeServer.json(ex, 202, "{\"id\":\"3\",\"status\":\"queued\"}"))) {
      Content content = Content.ofType("image").withText("cat")
          .withAttachments(List.of(new Attachment("q2Xv0ZkE1c9Jm3T4bA7HwQ", "a.png", null, 12L)));

      Broadcast b = Fixtures.client(server.url()).build().broadcasts()
          .send(SendBroadcast.of(100, content, Audience.uids(List.of(5L, 6L)))).execute();

      JsonNode sent = JSON.readTree(server.received.get(0).body());
      assertThat(sent.at("/attachments/0/size").isNumber()).isTrue();
      assertThat(sent.at("/audience/uids/1").asText()).isEqualTo("6");
      assertThat(sent.at("/audience/uids/1").isTextual()).isTrue();
      assertThat(sent.get("type").asText()).isEqualTo("image");
      assertThat(b.status()).isEqualTo("queued");
      assertThat(sent.has("push")).as("no push unless asked").isFalse();
    }
  }

  @Test
  void aBroadcastAskingForPushAndHighPrioritySaysSo() throws Exception {
    try (FakeServer server = new FakeServer((r, ex, i) -> FakeServer.json(ex, 202, "{\"id\":\"3\",\"status\":\"queued\"}"))) {
      Fixtures.client(server.url()).build().broadcasts()
          .send(SendBroadcast.of(100, Content.text("hi"), Audience.uids(List.of(5L))).withPush().withPriority("high"))
          .execute();

      JsonNode sent = JSON.readTree(server.received.get(0).body());
      assertThat(sent.get("push").isBoolean()).isTrue();
      assertThat(sent.get("push").asBoolean()).isTrue();
      assertThat(sent.get("priority").asText()).isEqualTo("high");
    }
  }

  @Test
  void pathAndQueryValuesAreEncodedAndCredentialsSent() {
    try (FakeServer server = new FakeServer((r, ex, i) -> FakeServer.json(ex, 200, "{\"items\":[],\"next\":null}"))) {
      LetterboxClient client = Fixtures.client(server.url()).credentials(Credentials.userToken("jwt.of.7")).build();

      client.search().messages(7, SearchQuery.of("北京 café&x").withPeer(8)).limit(5).first().execute();

      FakeServer.Received r = server.received.get(0);
      assertThat(r.uri()).startsWith("/v1/users/7/search?q=%E5%8C%97%E4%BA%AC%20caf%C3%A9%26x&peer=8")
          .contains("limit=5").doesNotContain("cursor");
      assertThat(r.header("Authorization")).isEqualTo("Bearer jwt.of.7");
    }
  }

  @Test
  void aListingFollowsTheCursorsToTheLastPage() {
    try (FakeServer server = new FakeServer((r, ex, i) -> {
      String page = switch (i) {
        case 0 -> "{\"items\":[{\"peer\":\"3\"},{\"peer\":\"4\"}],\"next\":\"c1\"}";
        case 1 -> "{\"items\":[{\"peer\":\"5\"}],\"next\":\"c2\"}";
        default -> "{\"items\":[],\"next\":null}";
      };
      FakeServer.json(ex, 200, page);
    })) {
      List<Long> peers = Fixtures.client(server.url()).build().relations().blocks(1).limit(2).stream()
          .map(Relations.Blocked::peer).toList();

      assertThat(peers).containsExactly(3L, 4L, 5L);
      assertThat(server.received).extracting(FakeServer.Received::uri)
          .containsExactly("/v1/users/1/blocks?limit=2", "/v1/users/1/blocks?cursor=c1&limit=2",
              "/v1/users/1/blocks?cursor=c2&limit=2");
    }
  }

  @Test
  void aRefusalIsOneExceptionWithTheApisCodeAndStatus() {
    try (FakeServer server = new FakeServer((r, ex, i) -> FakeServer.json(ex, 403,
        "{\"error\":{\"code\":\"BLOCKED\",\"message\":\"user 2 does not take messages from 3\"}}"))) {
      var future = Fixtures.client(server.url()).build().messages().send(SendMessage.text(3, 2, "hey")).executeAsync();

      org.assertj.core.api.Assertions.assertThat(future).failsWithin(java.time.Duration.ofMinutes(1))
          .withThrowableOfType(java.util.concurrent.ExecutionException.class)
          .havingCause().isInstanceOfSatisfying(LetterboxException.class, e -> {
            assertThat(e.code()).isEqualTo("BLOCKED");
            assertThat(e.status()).isEqualTo(403);
            assertThat(e.getMessage()).contains("does not take messages");
          });
    }
  }

  @Test
  void idsInsideSmallBodiesAreStringsTooAndAbsentChoicesAreLeftOut() throws Exception {
    try (FakeServer server = new FakeServer((r, ex, i) -> FakeServer.json(ex, 204, ""))) {
      LetterboxClient client = Fixtures.client(server.url()).build();

      client.groups().setMember(5, 6, 7, null).execute();
      client.broadcasts().recall(8, 100).executeAsync().exceptionally(e -> null).get();

      assertThat(JSON.readTree(server.received.get(0).body())).isEqualTo(JSON.readTree("{\"by\":\"7\"}"));
      assertThat(JSON.readTree(server.received.get(1).body())).isEqualTo(JSON.readTree("{\"by\":\"100\"}"));
    }
  }
}
