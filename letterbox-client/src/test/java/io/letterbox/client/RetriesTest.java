package io.letterbox.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

class RetriesTest {
  @Test
  void aSendWhoseAnswerIsLostIsSentAgainWithTheSameKeyAndStoredOnce() throws Exception {
    Map<String, String> storedByKey = new ConcurrentHashMap<>();
    try (FakeServer server = new FakeServer((r, ex, i) -> {
      String key = r.body().replaceAll(".*\"idempotencyKey\":\"([^\"]+)\".*", "$1");
      boolean first = storedByKey.putIfAbsent(key, r.body()) == null;
      if (i == 0) {
        FakeServer.dropAnswer(ex); // stored, then the server dies before it answers
      }
      FakeServer.json(ex, first ? 201 : 200, Fixtures.MESSAGE);
    })) {
      LetterboxClient client = Fixtures.client(server.url()).build();

      Message m = client.messages().send(SendMessage.text(1, 2, "hello")).execute();

      assertThat(m.id()).isEqualTo(7403170127155200001L);
      assertThat(server.received).hasSize(2);
      assertThat(server.received.get(1).body()).isEqualTo(server.received.get(0).body());
      assertThat(storedByKey).hasSize(1);
    }
  }

  @Test
  void aCreateWhoseAnswerIsLostIsNotSentAgain() {
    try (FakeServer server = new FakeServer((r, ex, i) -> FakeServer.dropAnswer(ex))) {
      LetterboxClient client = Fixtures.client(server.url()).build();

      assertThatThrownBy(() -> client.groups().create(CreateGroup.of(1, "g", java.util.List.of(2L))).execute())
          .isInstanceOfSatisfying(LetterboxException.class, e -> assertThat(e.code()).isEqualTo("UNREACHABLE"));
      assertThat(server.received).hasSize(1);
    }
  }

  @Test
  void aNodeThatCannotBeReachedIsPassedForTheNextEvenForAnUnsafeRequest() throws Exception {
    int closedPort;
    try (ServerSocket s = new ServerSocket(0)) {
      closedPort = s.getLocalPort();
    }
    try (FakeServer server = new FakeServer((r, ex, i) -> FakeServer.json(ex, 201, "{\"id\":\"5\",\"name\":\"g\","
        + "\"owner\":\"1\",\"members\":2,\"newMembersSee\":\"fromJoin\",\"createdAt\":\"2026-11-22T10:00:00.123Z\"}"))) {
      LetterboxClient client = Fixtures.client("http://127.0.0.1:" + closedPort, server.url()).build();

      NewGroup g = client.groups().create(CreateGroup.of(1, "g", java.util.List.of(2L))).execute();

      assertThat(g.id()).isEqualTo(5);
      assertThat(server.received).hasSize(1);
    }
  }

  @Test
  void overloadWithRetryAfterIsWaitedOutAndTriedAgain() {
    try (FakeServer server = new FakeServer((r, ex, i) -> {
      if (i == 0) {
        FakeServer.json(ex, 429, "{\"error\":{\"code\":\"OVERLOADED\",\"message\":\"busy\"}}", "Retry-After", "0");
      } else {
        FakeServer.json(ex, 204, "");
      }
    })) {
      Fixtures.client(server.url()).build().relations().follow(1, 2).execute();

      assertThat(server.received).hasSize(2);
    }
  }

  @Test
  void aFrequencyCapIsNotRetriedAndCarriesItsCodeAndStatus() {
    try (FakeServer server = new FakeServer((r, ex, i) -> FakeServer.json(ex, 429,
        "{\"error\":{\"code\":\"FREQUENCY_CAPPED\",\"message\":\"sender 1 may send 1\"}}"))) {
      LetterboxClient client = Fixtures.client(server.url()).build();

      assertThatThrownBy(() -> client.messages().send(SendMessage.text(1, 2, "x")).execute())
          .isInstanceOfSatisfying(LetterboxException.class, e -> {
            assertThat(e.code()).isEqualTo("FREQUENCY_CAPPED");
            assertThat(e.status()).isEqualTo(429);
          });
      assertThat(server.received).hasSize(1);
    }
  }

  @Test
  void aRetryAfterLongerThanThePolicyAllowsFailsAtOnce() {
    try (FakeServer server = new FakeServer((r, ex, i) -> FakeServer.json(ex, 503,
        "{\"error\":{\"code\":\"NOT_READY\",\"message\":\"starting\"}}", "Retry-After", "3600"))) {
      LetterboxClient client = Fixtures.client(server.url()).build();

      assertThatThrownBy(() -> client.caps().get(1).execute())
          .isInstanceOfSatisfying(LetterboxException.class, e -> assertThat(e.code()).isEqualTo("NOT_READY"));
      assertThat(server.received).hasSize(1);
    }
  }

  @Test
  void theAsynchronousFormRetriesAsTheSynchronousOneDoes() throws Exception {
    Set<String> bodies = ConcurrentHashMap.newKeySet();
    try (FakeServer server = new FakeServer((r, ex, i) -> {
      bodies.add(r.body());
      if (i == 0) {
        FakeServer.dropAnswer(ex);
      }
      FakeServer.json(ex, 201, Fixtures.MESSAGE);
    })) {
      Message m = Fixtures.client(server.url()).build().groups().post(9, GroupPost.text(1, "hi")).executeAsync().get();

      assertThat(m.text()).isEqualTo("hello");
      assertThat(server.received).hasSize(2);
      assertThat(bodies).hasSize(1);
    }
  }
}
