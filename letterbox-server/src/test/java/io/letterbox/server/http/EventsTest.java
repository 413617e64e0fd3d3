package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.letterbox.server.LetterboxServer;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.SlowEventClient;
import io.letterbox.server.support.SseClient;
import io.letterbox.server.support.TestServers;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** GET …/sync, …/events (SSE) and …/socket (WebSocket): API.md, Live events and sync. */
class EventsTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private static final Duration WAIT = Duration.ofMinutes(1);

  @TempDir
  static Path dataDir;
  private static LetterboxServer server;
  private static Api api;

  @BeforeAll
  static void start() {
    server = TestServers.start(dataDir, b -> b.eventKeepAlive(Duration.ofMillis(200)).eventBufferBytes(64 * 1024));
    api = new Api(server.port());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static long user() {
    return TestServers.freshUid();
  }

  private static JsonNode send(long from, long to, String text) {
    Reply r = api.post("/v1/messages", json(Map.of("from", "" + from, "to", "" + to, "text", text)));
    assertThat(r.status()).as("send %s", r).isEqualTo(201);
    return r.json();
  }

  private static String json(Object o) {
    try {
      return MAPPER.writeValueAsString(o);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static String now(long uid) {
    Reply r = api.get("/v1/users/" + uid + "/sync");
    assertThat(r.status()).as("%s", r).isEqualTo(200);
    assertThat(r.json().get("events")).isEmpty();
    return r.json().get("next").asText();
  }

  @Test
  void syncGivesTheEventsAfterAPositionAndThePositionAfterThem() throws Exception {
    long alice = user();
    long bob = user();
    String since = now(bob);
    JsonNode m = send(alice, bob, "hello");
    api.post("/v1/users/" + bob + "/conversations/" + alice + "/read", json(Map.of("device", "pc", "upTo", m.get("id").asText())));

    Reply r = api.get("/v1/users/" + bob + "/sync?since=" + since);

    assertThat(r.status()).as("%s", r).isEqualTo(200);
    JsonNode events = r.json().get("events");
    assertThat(events).hasSize(2);
    assertThat(events.get(0).get("type").asText()).isEqualTo("message");
    assertThat(events.get(0).get("message")).isEqualTo(m);
    assertThat(events.get(0).get("peer").asText()).isEqualTo("" + alice);
    assertThat(events.get(1).get("type").asText()).isEqualTo("read");
    assertThat(events.get(1).get("by").asText()).isEqualTo("" + bob);
    assertThat(events.get(1).get("device").asText()).isEqualTo("pc");
    assertThat(r.json().get("more").asBoolean()).isFalse();
    Reply after = api.get("/v1/users/" + bob + "/sync?since=" + r.json().get("next").asText());
    assertThat(after.json().get("events")).isEmpty();
    Reply paged = api.get("/v1/users/" + bob + "/sync?limit=1&since=" + since);
    assertThat(paged.json().get("events")).hasSize(1);
    assertThat(paged.json().get("more").asBoolean()).isTrue();
  }

  @Test
  void aPositionThisServerDidNotIssueForTheUserIs400() {
    long alice = user();
    String hers = now(alice);

    Reply other = api.get("/v1/users/" + user() + "/sync?since=" + hers);
    Reply garbage = api.get("/v1/users/" + alice + "/sync?since=nonsense");
    Reply limit = api.get("/v1/users/" + alice + "/sync?limit=0");

    assertThat(other.status()).isEqualTo(400);
    assertThat(other.errorCode()).isEqualTo("INVALID_ARGUMENT");
    assertThat(garbage.status()).isEqualTo(400);
    assertThat(limit.status()).isEqualTo(400);
  }

  @Test
  void aLastEventIdThisServerDidNotIssueIs400() throws Exception {
    HttpResponse<String> r = CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port()
        + "/v1/users/" + user() + "/events")).header("Last-Event-ID", "forged").build(), HttpResponse.BodyHandlers.ofString());

    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(r.body()).contains("INVALID_ARGUMENT");
  }

  @Test
  void anSseStreamGivesEachEventAsItHappensAndResumesFromLastEventIdWithNoLossOrRepeat() {
    long alice = user();
    long bob = user();
    List<String> texts = new ArrayList<>();
    List<String[]> seen;
    try (SseClient sse = new SseClient(server.port(), bob, null)) {
      sse.awaitConnected();
      for (int i = 0; i < 3; i++) {
        texts.add("live " + i);
        send(alice, bob, "live " + i);
      }
      seen = sse.await(3);
      assertThat(sse.response.join().headers().firstValue("Content-Type")).hasValueSatisfying(
          t -> assertThat(t).startsWith("text/event-stream"));
    }
    assertThat(seen).extracting(e -> e[1]).containsOnly("message");
    assertThat(seen).extracting(e -> text(e[2])).isEqualTo(texts);

    // Offline: two more; resuming after the first event gives the other two live ones and both missed.
    send(alice, bob, "missed 1");
    send(alice, bob, "missed 2");
    try (SseClient resumed = new SseClient(server.port(), bob, seen.get(0)[0])) {
      List<String[]> got = resumed.await(4);
      assertThat(got).extracting(e -> text(e[2])).containsExactly("live 1", "live 2", "missed 1", "missed 2");
      send(alice, bob, "after");
      assertThat(resumed.await(5).get(4)[2]).contains("\"after\"");
    }
  }

  private static String text(String data) {
    try {
      return MAPPER.readTree(data).get("message").get("text").asText();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void anIdleSseStreamGetsKeepAliveComments() {
    try (SseClient sse = new SseClient(server.port(), user(), null)) {
      Awaitility.await().atMost(WAIT).until(() -> sse.lines.stream().filter(": keep-alive"::equals).count() >= 2);
    }
  }

  @Test
  void aWebSocketGivesTheSameEventsFromItsPosition() throws Exception {
    long alice = user();
    long bob = user();
    String since = now(bob);
    send(alice, bob, "before the socket");
    List<String> messages = Collections.synchronizedList(new ArrayList<>());
    WebSocket ws = CLIENT.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + server.port() + "/v1/users/"
        + bob + "/socket?since=" + since), new WebSocket.Listener() {
          private final StringBuilder partial = new StringBuilder();

          @Override
          public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
              messages.add(partial.toString());
              partial.setLength(0);
            }
            webSocket.request(1);
            return null;
          }
        }).join();
    try {
      Awaitility.await().atMost(WAIT).until(() -> messages.size() >= 1);
      send(alice, bob, "while connected");
      Awaitility.await().atMost(WAIT).until(() -> messages.size() >= 2);
      List<JsonNode> events = new ArrayList<>();
      for (String m : messages) {
        events.add(MAPPER.readTree(m));
      }
      assertThat(events).extracting(e -> e.get("type").asText()).containsExactly("message", "message");
      assertThat(events).extracting(e -> e.get("message").get("text").asText())
          .containsExactly("before the socket", "while connected");
      Reply rest = api.get("/v1/users/" + bob + "/sync?since=" + events.get(1).get("position").asText());
      assertThat(rest.json().get("events")).isEmpty();
    } finally {
      ws.abort();
    }
  }

  @Test
  void aWebSocketWithAPositionThisServerDidNotIssueGetsAnErrorAndIsClosed() {
    List<String> messages = new CopyOnWriteArrayList<>();
    CompletableFuture<Integer> closed = new CompletableFuture<>();
    CLIENT.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + server.port() + "/v1/users/" + user()
        + "/socket?since=forged"), new WebSocket.Listener() {
          @Override
          public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            messages.add(data.toString());
            webSocket.request(1);
            return null;
          }

          @Override
          public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            closed.complete(statusCode);
            return null;
          }
        }).join();

    assertThat(closed.orTimeout(1, java.util.concurrent.TimeUnit.MINUTES).join()).isEqualTo(1008);
    assertThat(messages).singleElement().asString().contains("\"type\":\"error\"").contains("INVALID_ARGUMENT");
  }

  @Test
  void aClientThatReadsTooSlowlyIsToldSlowConsumerAndDisconnected() throws Exception {
    long alice = user();
    long bob = user();
    assertThat(SlowEventClient.lastEvent(api, alice, bob)).contains("SLOW_CONSUMER");
  }
}
