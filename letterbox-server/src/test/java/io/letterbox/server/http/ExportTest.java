package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.letterbox.client.ExportLine;
import io.letterbox.client.LetterboxClient;
import io.letterbox.client.RetryPolicy;
import io.letterbox.server.LetterboxServer;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import io.letterbox.server.support.Tokens;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code GET /v1/users/{uid}/export}: every conversation as the list gives it, each followed by the
 * messages of it the user can see as a read by id gives them; for the user itself and services.
 */
class ExportTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  @TempDir
  static Path dir;
  static LetterboxServer server;
  static Api service;
  static long owner;
  static long peer;
  static long other;
  static long sender;
  static String group;
  static List<String> expected = new ArrayList<>();
  static List<String> hidden = new ArrayList<>();

  @BeforeAll
  static void start() {
    server = TestServers.start(dir, Tokens::accepted);
    service = new Api(server.port()).withKey(Tokens.SERVICE_KEY);
    owner = TestServers.freshUid();
    peer = TestServers.freshUid();
    other = TestServers.freshUid();
    sender = TestServers.freshUid();
    for (int i = 0; i < 3; i++) {
      expected.add(send(owner, peer, "to peer " + i));
      expected.add(send(peer, owner, "from peer " + i));
    }
    expected.add(send(other, owner, "from other"));
    String deleted = send(other, owner, "deleted by the owner");
    assertThat(service.delete("/v1/users/" + owner + "/messages/" + deleted).status()).isEqualTo(204);
    hidden.add(deleted);
    hidden.add(send(peer, other, "between the two others"));
    assertThat(service.put("/v1/users/" + owner + "/conversations/" + other + "/state", "{\"archived\":true}").status())
        .isEqualTo(200);
    group = service.post("/v1/groups", "{\"by\":\"" + peer + "\",\"name\":\"team\",\"members\":[\"" + owner + "\"]}")
        .json().get("id").asText();
    for (long from : new long[] {peer, owner}) {
      Reply post = service.post("/v1/groups/" + group + "/messages", "{\"from\":\"" + from + "\",\"text\":\"hi team\"}");
      assertThat(post.status()).isEqualTo(201);
      expected.add(post.json().get("id").asText());
    }
    Reply broadcast = service.post("/v1/broadcasts", "{\"from\":\"" + sender + "\",\"text\":\"news\","
        + "\"audience\":{\"type\":\"uids\",\"uids\":[\"" + owner + "\"]}}");
    assertThat(broadcast.status()).isEqualTo(202);
    String id = broadcast.json().get("id").asText();
    await("fan-out").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(20))
        .until(() -> service.get("/v1/broadcasts/" + id).json().get("status").asText().equals("done"));
    expected.add(id);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static String send(long from, long to, String text) {
    Reply r = service.post("/v1/messages", "{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"" + text + "\"}");
    assertThat(r.status()).as("send %s", r).isEqualTo(201);
    return r.json().get("id").asText();
  }

  private static List<JsonNode> lines(Reply r) throws Exception {
    List<JsonNode> out = new ArrayList<>();
    for (String line : r.body().split("\n", -1)) {
      if (!line.isEmpty()) {
        out.add(MAPPER.readTree(line));
      }
    }
    assertThat(r.body()).endsWith("\n");
    return out;
  }

  /** The items of every folder of the owner's list, as the list answers them. */
  private static List<JsonNode> listed() {
    List<JsonNode> items = new ArrayList<>();
    for (String folder : List.of("", "?folder=archived")) {
      service.get("/v1/users/" + owner + "/conversations" + folder).json().get("items").forEach(items::add);
    }
    return items;
  }

  private static List<JsonNode> history(JsonNode conversation) {
    String path = conversation.has("group")
        ? "/v1/users/" + owner + "/groups/" + conversation.get("group").asText() + "/messages?limit=100"
        : "/v1/users/" + owner + "/conversations/" + conversation.get("peer").asText() + "/messages?limit=100";
    List<JsonNode> items = new ArrayList<>();
    service.get(path).json().get("items").forEach(items::add);
    return items;
  }

  @Test
  void theExportHoldsEveryConversationThenItsMessagesAsTheListHistoryAndReadByIdGiveThem() throws Exception {
    Reply r = service.get("/v1/users/" + owner + "/export");
    assertThat(r.status()).as("%s", r).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/x-ndjson"));

    Map<JsonNode, List<JsonNode>> export = new LinkedHashMap<>();
    List<JsonNode> current = null;
    for (JsonNode line : lines(r)) {
      assertThat(line.size()).as("one field a line: %s", line).isEqualTo(1);
      if (line.has("conversation")) {
        current = new ArrayList<>();
        assertThat(export.put(line.get("conversation"), current)).isNull();
      } else {
        assertThat(current).as("a message after its conversation").isNotNull();
        current.add(line.get("message"));
      }
    }
    assertThat(export.keySet()).containsExactlyInAnyOrderElementsOf(listed()).hasSize(4);
    List<String> ids = new ArrayList<>();
    for (Map.Entry<JsonNode, List<JsonNode>> e : export.entrySet()) {
      assertThat(e.getValue()).isEqualTo(history(e.getKey()));
      for (JsonNode m : e.getValue()) {
        ids.add(m.get("id").asText());
        assertThat(m).isEqualTo(service.get("/v1/users/" + owner + "/messages/" + m.get("id").asText()).json());
      }
    }
    assertThat(ids).containsExactlyInAnyOrderElementsOf(expected).doesNotContainAnyElementsOf(hidden);
  }

  @Test
  void theUserItselfExportsWithItsTokenAndTheJavaClientStreamsTheSameLines() throws Exception {
    List<JsonNode> byService = lines(service.get("/v1/users/" + owner + "/export"));
    Reply own = new Api(server.port()).withKey(Tokens.of(owner)).get("/v1/users/" + owner + "/export");
    assertThat(own.status()).isEqualTo(200);
    assertThat(lines(own)).isEqualTo(byService);

    LetterboxClient client = LetterboxClient.builder().baseUrls("http://127.0.0.1:" + server.port())
        .credentials(io.letterbox.client.Credentials.userToken(Tokens.of(owner))).retryPolicy(RetryPolicy.NONE).build();
    List<ExportLine> streamed = new ArrayList<>();
    long count = client.conversations().export(owner, streamed::add).execute();
    assertThat(count).isEqualTo(byService.size());
    assertThat(streamed).extracting(l -> l.conversation() != null ? l.conversation().peer() != null
        ? "c" + l.conversation().peer() : "g" + l.conversation().group() : "m" + l.message().id())
        .isEqualTo(byService.stream().map(l -> l.has("conversation")
            ? (l.get("conversation").has("peer") ? "c" + l.get("conversation").get("peer").asText()
                : "g" + l.get("conversation").get("group").asText())
            : "m" + l.get("message").get("id").asText()).toList());
  }

  @Test
  void anotherUsersTokenGets403AndABadUid400() {
    Reply stranger = new Api(server.port()).withKey(Tokens.of(peer)).get("/v1/users/" + owner + "/export");
    assertThat(stranger.status()).isEqualTo(403);
    assertThat(stranger.errorCode()).isEqualTo("FORBIDDEN");
    for (String bad : List.of("abc", "0", "-1", "99999999999999999999")) {
      Reply r = service.get("/v1/users/" + bad + "/export");
      assertThat(r.status()).as(bad).isEqualTo(400);
      assertThat(r.errorCode()).isEqualTo("INVALID_ARGUMENT");
    }
  }
}
