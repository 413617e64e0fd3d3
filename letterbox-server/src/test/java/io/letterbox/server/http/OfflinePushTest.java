package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.letterbox.server.LetterboxServer;
import io.letterbox.server.config.ServerConfig;
import io.letterbox.server.http.hooks.HookSignature;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.SseClient;
import io.letterbox.server.support.TestServers;
import io.letterbox.server.support.WebhookEndpoint;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Offline push (API.md, "Moderation and platform hooks"; decision 0043) against a real HTTP
 * endpoint the test runs: pushed only to owners with no open stream, coalesced with the exact
 * badge, never for muted conversations or one's own messages, the text only with push-preview,
 * broadcasts only when asked, and signed.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class OfflinePushTest {
  private static final String SECRET = "the-hook-secret";
  private static final Duration WAIT = Duration.ofMinutes(1);
  private static final Duration SHORT = Duration.ofMillis(200);
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  private WebhookEndpoint endpoint;
  private LetterboxServer server;
  private Api api;
  private final long alice = TestServers.freshUid();
  private final long bob = TestServers.freshUid();
  private final long carol = TestServers.freshUid();

  @BeforeEach
  void startEndpoint() throws Exception {
    endpoint = new WebhookEndpoint();
  }

  @AfterEach
  void stop() throws Exception {
    if (server != null) {
      server.close();
    }
    endpoint.close();
  }

  private void startServer(UnaryOperator<ServerConfig.Builder> more) {
    server = TestServers.start(dir.resolve("data"), b -> more.apply(b.pushUrl(endpoint.url()).hookSecret(SECRET)));
    api = new Api(server.port());
  }

  private String send(long from, long to, String text) {
    Reply r = api.post("/v1/messages", "{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"" + text + "\"}");
    assertThat(r.status()).as("%s", r).isEqualTo(201);
    return r.json().get("id").asText();
  }

  private String broadcast(long from, String text, boolean push, long... to) {
    StringBuilder uids = new StringBuilder();
    for (long uid : to) {
      uids.append(uids.length() == 0 ? "" : ",").append('"').append(uid).append('"');
    }
    Reply r = api.post("/v1/broadcasts", "{\"from\":\"" + from + "\",\"text\":\"" + text
        + "\",\"audience\":{\"type\":\"uids\",\"uids\":[" + uids + "]}" + (push ? ",\"push\":true" : "") + "}");
    assertThat(r.status()).as("%s", r).isEqualTo(202);
    return r.json().get("id").asText();
  }

  private List<JsonNode> pushes(long uid) {
    return endpoint.pushesTo(uid);
  }

  private long unreadTotal(long uid, String device) {
    return api.get("/v1/users/" + uid + "/unread?device=" + device).json().get("total").asLong();
  }

  @Test
  void anOwnerWithAnOpenStreamGetsNoPush() {
    startServer(b -> b.pushCoalesce(SHORT));
    try (SseClient bobsStream = new SseClient(server.port(), bob, null)) {
      bobsStream.awaitConnected();

      send(alice, bob, "bob is here");
      send(alice, carol, "carol is away");

      await().atMost(WAIT).until(() -> pushes(carol).size() == 1);
      assertThat(pushes(bob)).isEmpty();
    }
  }

  @Test
  void anOwnerWithoutAStreamGetsOneCoalescedPushWithTheNewestMessageAndTheExactBadgeSignedWithTheHookSecret() {
    startServer(b -> b.pushCoalesce(Duration.ofSeconds(3)));
    send(alice, bob, "one");
    send(alice, bob, "two");
    send(alice, bob, "three");
    assertThat(api.post("/v1/users/" + bob + "/conversations/" + alice + "/read", "{\"device\":\"mobile\"}")
        .status()).isEqualTo(204);
    send(carol, bob, "four");
    String newest = send(carol, bob, "five");

    await().atMost(WAIT).until(() -> pushes(bob).size() == 1);
    // Long enough for a second window, had a message come after the first had closed.
    await().during(Duration.ofSeconds(4)).atMost(WAIT).until(() -> pushes(bob).size() == 1);

    JsonNode push = pushes(bob).get(0);
    long badge = Math.max(unreadTotal(bob, "pc"), unreadTotal(bob, "mobile"));
    assertThat(badge).isEqualTo(5);
    assertThat(push.get("badge").asLong()).isEqualTo(badge);
    assertThat(push.get("messageId").asText()).isEqualTo(newest);
    assertThat(push.get("from").asText()).isEqualTo(Long.toString(carol));
    assertThat(push.has("group")).isFalse();
    assertThat(push.has("preview")).isFalse();
    HookSignature signature = new HookSignature(SECRET);
    for (byte[] body : endpoint.delivered) {
      assertThat(endpoint.signatures.get(body)).as(new String(body, StandardCharsets.UTF_8))
          .isEqualTo(signature.of(body));
    }
    await().atMost(WAIT).untilAsserted(() -> assertThat(api.get("/metrics").body())
        .contains("letterbox_push_sent_total 1.0").contains("letterbox_push_failed_total 0.0"));
  }

  @Test
  void aMutedConversationAndOnesOwnMessagesPushNothing() {
    startServer(b -> b.pushCoalesce(SHORT));
    send(alice, bob, "before the mute");
    await().atMost(WAIT).until(() -> pushes(bob).size() == 1);
    Reply muted = api.put("/v1/users/" + bob + "/conversations/" + alice + "/state", "{\"muted\":true}");
    assertThat(muted.status()).as("%s", muted).isEqualTo(200);

    send(alice, bob, "muted one");
    send(alice, bob, "muted two");
    String reply = send(bob, alice, "bob's own");
    String sentinel = send(carol, bob, "not muted");

    await().atMost(WAIT).until(() -> pushes(bob).size() == 2);
    await().atMost(WAIT).until(() -> pushes(alice).size() == 1);
    await().during(Duration.ofSeconds(1)).atMost(WAIT).until(() -> pushes(bob).size() == 2);
    JsonNode last = pushes(bob).get(1);
    assertThat(last.get("messageId").asText()).isEqualTo(sentinel);
    assertThat(last.get("badge").asLong()).as("a muted conversation stays out of the total").isEqualTo(1);
    assertThat(pushes(bob)).extracting(p -> p.get("from").asText()).doesNotContain(Long.toString(bob));
    assertThat(pushes(alice).get(0).get("messageId").asText()).isEqualTo(reply);
  }

  @Test
  void aPushCarriesNoPreviewByDefault() {
    startServer(b -> b.pushCoalesce(SHORT));
    send(alice, bob, "a secret text");

    await().atMost(WAIT).until(() -> pushes(bob).size() == 1);

    assertThat(pushes(bob).get(0).has("preview")).isFalse();
    assertThat(new String(endpoint.delivered.get(0), StandardCharsets.UTF_8)).doesNotContain("a secret text");
  }

  @Test
  void aPushCarriesTheTextAsPreviewWithPushPreview() {
    startServer(b -> b.pushCoalesce(SHORT).pushPreview(true));
    send(alice, bob, "see you at noon");

    await().atMost(WAIT).until(() -> pushes(bob).size() == 1);

    assertThat(pushes(bob).get(0).get("preview").asText()).isEqualTo("see you at noon");
  }

  @Test
  void aBroadcastPushesItsReceiversOnlyWhenItsRequestSaidPushTrue() {
    startServer(b -> b.pushCoalesce(SHORT));
    String quiet = broadcast(alice, "no push for this one", false, bob);
    send(alice, carol, "after the quiet broadcast");
    await().atMost(WAIT).until(() -> pushes(carol).size() == 1);
    await().during(Duration.ofSeconds(1)).atMost(WAIT).until(() -> pushes(bob).isEmpty());

    String loud = broadcast(alice, "push this one", true, bob, carol);

    await().atMost(WAIT).until(() -> pushes(bob).size() == 1 && pushes(carol).size() == 2);
    await().during(Duration.ofSeconds(1)).atMost(WAIT)
        .until(() -> pushes(bob).size() == 1 && pushes(carol).size() == 2 && pushes(alice).isEmpty());
    for (JsonNode push : List.of(pushes(bob).get(0), pushes(carol).get(1))) {
      assertThat(push.get("messageId").asText()).isEqualTo(loud).isNotEqualTo(quiet);
      assertThat(push.get("from").asText()).isEqualTo(Long.toString(alice));
      assertThat(push.get("badge").asLong()).isEqualTo(2);
    }
    assertThat(unreadTotal(bob, "pc")).isEqualTo(2);
  }

  @Test
  void aGroupPostPushesItsMembersButItsSenderAndThoseWhoMutedTheGroup() {
    startServer(b -> b.pushCoalesce(SHORT));
    long dave = TestServers.freshUid();
    Reply created = api.post("/v1/groups", "{\"by\":\"" + alice + "\",\"name\":\"team\",\"members\":[\"" + bob
        + "\",\"" + carol + "\",\"" + dave + "\"]}");
    assertThat(created.status()).as("%s", created).isEqualTo(201);
    String gid = created.json().get("id").asText();
    Reply muted = api.put("/v1/users/" + bob + "/groups/" + gid + "/state", "{\"muted\":true}");
    assertThat(muted.status()).as("%s", muted).isEqualTo(200);

    Reply posted = api.post("/v1/groups/" + gid + "/messages", "{\"from\":\"" + alice + "\",\"text\":\"hello team\"}");
    assertThat(posted.status()).as("%s", posted).isEqualTo(201);

    await().atMost(WAIT).until(() -> pushes(carol).size() == 1 && pushes(dave).size() == 1);
    await().during(Duration.ofSeconds(1)).atMost(WAIT).until(() -> pushes(alice).isEmpty() && pushes(bob).isEmpty());
    for (long member : new long[] {carol, dave}) {
      JsonNode push = pushes(member).get(0);
      assertThat(push.get("group").asText()).isEqualTo(gid);
      assertThat(push.has("from")).isFalse();
      assertThat(push.get("messageId").asText()).isEqualTo(posted.json().get("id").asText());
      assertThat(push.get("badge").asLong()).isEqualTo(1);
    }
  }
}
