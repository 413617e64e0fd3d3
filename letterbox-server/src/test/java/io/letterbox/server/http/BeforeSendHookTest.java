package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.letterbox.server.LetterboxServer;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With hook-before-send-url set, each one-to-one send is first POSTed to a real HTTP endpoint this
 * test runs, which answers what each test says and keeps what it was sent.
 */
class BeforeSendHookTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String SECRET = "the platform's hook secret";

  /** What the endpoint answers: a JSON body with 200 after {@code delayMillis}, or nothing at all (it never answers). */
  private record Answer(String json, long delayMillis) {
    static final Answer NONE = new Answer(null);

    Answer(String json) {
      this(json, 0);
    }
  }

  /** One call the endpoint received. */
  private record Call(byte[] body, String signature) {
    JsonNode json() {
      try {
        return MAPPER.readTree(body);
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    }
  }

  @TempDir
  static Path allowDir;
  @TempDir
  static Path rejectDir;
  private static Vertx endpointVertx;
  private static HttpServer endpoint;
  private static volatile Answer answer = new Answer("{\"action\":\"allow\"}");
  private static final List<Call> calls = new CopyOnWriteArrayList<>();
  private static LetterboxServer server;
  private static Api api;

  @BeforeAll
  static void start() throws Exception {
    endpointVertx = Vertx.vertx();
    endpoint = endpointVertx.createHttpServer().requestHandler(req -> req.body().onSuccess(body -> {
      calls.add(new Call(body.getBytes(), req.getHeader("X-Letterbox-Signature")));
      Answer a = answer;
      if (a.json() != null && a.delayMillis() > 0) {
        endpointVertx.setTimer(a.delayMillis(), t -> req.response().putHeader("Content-Type", "application/json")
            .end(a.json()));
      } else if (a.json() != null) {
        req.response().putHeader("Content-Type", "application/json").end(a.json());
      }
    })).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    server = startServer(allowDir, "allow");
    api = new Api(server.port());
    // The first call of a JVM loads the web client's classes: it is not left to race the timeout in a test.
    api.post("/v1/messages", send(TestServers.freshUid(), TestServers.freshUid(), "warming up", null));
  }

  private static LetterboxServer startServer(Path dir, String failure) {
    return startServer(dir, failure, "http://127.0.0.1:" + endpoint.actualPort() + "/before-send");
  }

  private static LetterboxServer startServer(Path dir, String failure, String url) {
    return TestServers.start(dir, b -> b.hookBeforeSendUrl(url).hookSecret(SECRET)
        .hookBeforeSendTimeout(Duration.ofMillis(300)).hookBeforeSendFailure(failure));
  }

  @AfterAll
  static void stop() throws Exception {
    if (server != null) {
      server.close();
    }
    if (endpointVertx != null) {
      endpointVertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }

  private static String send(long from, long to, String text, String idempotencyKey) {
    return json(idempotencyKey == null ? Map.of("from", "" + from, "to", "" + to, "text", text)
        : Map.of("from", "" + from, "to", "" + to, "text", text, "idempotencyKey", idempotencyKey));
  }

  private static String json(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static List<Call> callsFrom(long uid) {
    return calls.stream().filter(c -> c.json().path("from").asText().equals("" + uid)).toList();
  }

  private static JsonNode history(Api on, long owner, long peer) {
    return on.get("/v1/users/" + owner + "/conversations/" + peer + "/messages").json().get("items");
  }

  @Test
  void anAllowedSendIsStoredAndTheHookSawItAsTheContractShowsIt() {
    answer = new Answer("{\"action\":\"allow\"}");
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();

    Reply r = api.post("/v1/messages", send(a, b, "hello", null));

    assertThat(r.status()).as("%s", r).isEqualTo(201);
    assertThat(history(api, b, a)).hasSize(1);
    JsonNode seen = callsFrom(a).get(0).json();
    assertThat(seen.get("kind").asText()).isEqualTo("single");
    assertThat(seen.get("to").asText()).isEqualTo("" + b);
    assertThat(seen.get("type").asText()).isEqualTo("text");
    assertThat(seen.get("text").asText()).isEqualTo("hello");
    assertThat(seen.get("attachments")).isEmpty();
  }

  @Test
  void aRejectedSendIs403RejectedWithTheHooksReasonAndStoresNothing() {
    answer = new Answer("{\"action\":\"reject\",\"reason\":\"no spam here\"}");
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();

    Reply r = api.post("/v1/messages", send(a, b, "buy now", null));

    assertThat(r.status()).as("%s", r).isEqualTo(403);
    assertThat(r.errorCode()).isEqualTo("REJECTED");
    assertThat(r.json().path("error").path("message").asText()).isEqualTo("no spam here");
    assertThat(history(api, b, a)).isEmpty();
    assertThat(history(api, a, b)).isEmpty();
  }

  @Test
  void aReplacedSendIsStoredWithTheHooksTextAndPayload() {
    answer = new Answer("{\"action\":\"replace\",\"text\":\"h***o\",\"payload\":{\"masked\":true}}");
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();

    Reply r = api.post("/v1/messages", send(a, b, "hello", null));

    assertThat(r.status()).as("%s", r).isEqualTo(201);
    JsonNode stored = history(api, b, a).get(0);
    assertThat(stored.get("text").asText()).isEqualTo("h***o");
    assertThat(stored.get("payload").get("masked").asBoolean()).isTrue();
  }

  @Test
  void aHookSlowerThanTheTimeoutLetsTheSendThroughWhenFailureIsAllow() {
    answer = Answer.NONE;
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();

    Reply r = api.post("/v1/messages", send(a, b, "nobody answers", null));

    assertThat(r.status()).as("%s", r).isEqualTo(201);
    assertThat(history(api, b, a)).hasSize(1);
    assertThat(callsFrom(a)).hasSize(1);
  }

  @Test
  void aHookSlowerThanTheTimeoutIs503HookUnavailableAndStoresNothingWhenFailureIsReject() {
    answer = Answer.NONE;
    try (LetterboxServer strict = startServer(rejectDir, "reject")) {
      Api strictApi = new Api(strict.port());
      long a = TestServers.freshUid();
      long b = TestServers.freshUid();

      Reply r = strictApi.post("/v1/messages", send(a, b, "nobody answers", null));

      assertUnavailableAndNothingStored(strictApi, r, a, b);
    }
  }

  @Test
  void anAnswerThatIsNoneOfTheThreeIsAFailureTooAndStoresNothingWhenFailureIsReject() {
    try (LetterboxServer strict = startServer(rejectDir.resolve("other-answer"), "reject")) {
      Api strictApi = new Api(strict.port());
      long a = TestServers.freshUid();
      long b = TestServers.freshUid();

      answer = new Answer("{\"action\":\"maybe\"}");
      Reply unknownAction = strictApi.post("/v1/messages", send(a, b, "what now", null));
      answer = new Answer("not json");
      Reply notJson = strictApi.post("/v1/messages", send(a, b, "what now", null));

      assertUnavailableAndNothingStored(strictApi, unknownAction, a, b);
      assertUnavailableAndNothingStored(strictApi, notJson, a, b);
    }
  }

  @Test
  void importsAreNotHooked() {
    answer = new Answer("{\"action\":\"reject\",\"reason\":\"never\"}");
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();

    Reply r = api.post("/v1/import/messages", json(Map.of("messages", List.of(Map.of("from", "" + a, "to", "" + b,
        "text", "from the old system", "createdAt", "2020-01-01T00:00:00Z")))));

    assertThat(r.status()).as("%s", r).isEqualTo(200);
    assertThat(history(api, b, a)).hasSize(1);
    assertThat(callsFrom(a)).isEmpty();
  }

  @Test
  void theEndpointVerifiesTheSignatureOfTheRawBodyWithTheSecret() throws Exception {
    answer = new Answer("{\"action\":\"allow\"}");
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();

    api.post("/v1/messages", send(a, b, "signed", null));

    Call call = callsFrom(a).get(0);
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    assertThat(call.signature()).isEqualTo("sha256=" + HexFormat.of().formatHex(mac.doFinal(call.body())));
  }

  @Test
  void anIdempotentRetryReachesTheHookOnceAndReturnsTheFirstMessage() {
    answer = new Answer("{\"action\":\"replace\",\"text\":\"cleaned\"}");
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    String body = send(a, b, "raw", "retry-1");

    Reply first = api.post("/v1/messages", body);
    Reply again = api.post("/v1/messages", body);

    assertThat(first.status()).as("%s", first).isEqualTo(201);
    assertThat(again.status()).as("%s", again).isEqualTo(200);
    assertThat(again.json()).isEqualTo(first.json());
    assertThat(callsFrom(a)).hasSize(1);
    assertThat(history(api, b, a)).hasSize(1);
  }

  @Test
  void anIdempotentRetryAfterARestartOnTheSameDataIsNotHookedAgainAndFindsTheReplacedMessage(@TempDir Path dir) {
    answer = new Answer("{\"action\":\"replace\",\"text\":\"cleaned\"}");
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    String body = send(a, b, "raw", "retry-after-restart");
    Reply first;
    try (LetterboxServer before = startServer(dir, "allow")) {
      first = new Api(before.port()).post("/v1/messages", body);
    }
    try (LetterboxServer restarted = startServer(dir, "allow")) {
      Api again = new Api(restarted.port());

      Reply retry = again.post("/v1/messages", body);

      assertThat(first.status()).as("%s", first).isEqualTo(201);
      assertThat(retry.status()).as("%s", retry).isEqualTo(200);
      assertThat(retry.json()).isEqualTo(first.json());
      assertThat(retry.json().get("text").asText()).isEqualTo("cleaned");
      assertThat(callsFrom(a)).hasSize(1);
      assertThat(history(again, b, a)).hasSize(1);
    }
  }

  @Test
  void anotherRequestWithAKeyAlreadyUsedIsAConflictWithoutAskingTheHook() {
    answer = new Answer("{\"action\":\"allow\"}");
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    api.post("/v1/messages", send(a, b, "first", "used-once"));

    Reply other = api.post("/v1/messages", send(a, b, "something else", "used-once"));

    assertThat(other.status()).as("%s", other).isEqualTo(409);
    assertThat(other.errorCode()).isEqualTo("IDEMPOTENCY_CONFLICT");
    assertThat(callsFrom(a)).hasSize(1);
  }

  @Test
  void aRetryWhileTheFirstRequestWaitsForTheHookTakesTheSameVerdict() throws Exception {
    answer = new Answer("{\"action\":\"replace\",\"text\":\"cleaned\"}", 150);
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    String body = send(a, b, "raw", "retry-in-flight");

    CompletableFuture<Reply> first = CompletableFuture.supplyAsync(() -> api.post("/v1/messages", body));
    Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> callsFrom(a).size() == 1);
    Reply retry = api.post("/v1/messages", body);

    // Both store the one verdict: whichever reaches the engine first is 201, the other its retry, 200.
    Reply firstReply = first.get(10, TimeUnit.SECONDS);
    assertThat(List.of(firstReply.status(), retry.status())).as("%s, %s", firstReply, retry)
        .containsExactlyInAnyOrder(201, 200);
    assertThat(firstReply.json().get("text").asText()).isEqualTo("cleaned");
    assertThat(retry.json()).isEqualTo(firstReply.json());
    assertThat(callsFrom(a)).hasSize(1);
    assertThat(history(api, b, a)).hasSize(1);
  }

  @Test
  void nothingListeningAtTheHookUrlIsAFailureThatTheFailureSettingDecides(@TempDir Path dir) throws Exception {
    String url = "http://127.0.0.1:" + closedPort() + "/before-send";
    try (LetterboxServer lenient = startServer(dir.resolve("allow"), "allow", url);
        LetterboxServer strict = startServer(dir.resolve("reject"), "reject", url)) {
      Api lenientApi = new Api(lenient.port());
      Api strictApi = new Api(strict.port());
      long a = TestServers.freshUid();
      long b = TestServers.freshUid();

      Reply allowed = lenientApi.post("/v1/messages", send(a, b, "nobody there", null));
      Reply refused = strictApi.post("/v1/messages", send(a, b, "nobody there", null));

      assertThat(allowed.status()).as("%s", allowed).isEqualTo(201);
      assertThat(history(lenientApi, b, a)).hasSize(1);
      assertUnavailableAndNothingStored(strictApi, refused, a, b);
    }
  }

  /** A loopback port nothing listens at: taken from the system, then closed. */
  private static int closedPort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  /** The send {@code r} from {@code a} to {@code b} was refused for the hook's failure, and nothing was stored. */
  private static void assertUnavailableAndNothingStored(Api on, Reply r, long a, long b) {
    assertThat(r.status()).as("%s", r).isEqualTo(503);
    assertThat(r.errorCode()).isEqualTo("HOOK_UNAVAILABLE");
    assertThat(history(on, b, a)).isEmpty();
  }

  @Test
  void aGroupPostIsHookedAsKindGroupAndARejectedOneIsNotStored() {
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    answer = new Answer("{\"action\":\"allow\"}");
    Reply created = api.post("/v1/groups", json(Map.of("by", "" + a, "name", "hooked", "members", List.of("" + b))));
    assertThat(created.status()).as("%s", created).isEqualTo(201);
    String gid = created.json().get("id").asText();
    answer = new Answer("{\"action\":\"reject\",\"reason\":\"not in this group\"}");

    Reply r = api.post("/v1/groups/" + gid + "/messages", json(Map.of("from", "" + a, "text", "hi all")));

    assertThat(r.status()).as("%s", r).isEqualTo(403);
    assertThat(r.errorCode()).isEqualTo("REJECTED");
    assertThat(api.get("/v1/users/" + b + "/groups/" + gid + "/messages").json().get("items")).isEmpty();
    JsonNode seen = callsFrom(a).get(0).json();
    assertThat(seen.get("kind").asText()).isEqualTo("group");
    assertThat(seen.get("group").asText()).isEqualTo(gid);
    assertThat(seen.get("text").asText()).isEqualTo("hi all");
  }

  @Test
  void aBroadcastIsHookedAsKindBroadcastWithItsAudienceAndStoredAsReplaced() {
    answer = new Answer("{\"action\":\"replace\",\"text\":\"toned down\"}");
    long news = TestServers.freshUid();

    Reply r = api.post("/v1/broadcasts", json(Map.of("from", "" + news, "text", "SHOUTING",
        "audience", Map.of("type", "followers"))));

    assertThat(r.status()).as("%s", r).isEqualTo(202);
    assertThat(r.json().get("text").asText()).isEqualTo("toned down");
    JsonNode seen = callsFrom(news).get(0).json();
    assertThat(seen.get("kind").asText()).isEqualTo("broadcast");
    assertThat(seen.get("audience").get("type").asText()).isEqualTo("followers");
  }

  @Test
  void theHooksLatencyIsATimerInMetrics() {
    answer = new Answer("{\"action\":\"allow\"}");
    api.post("/v1/messages", send(TestServers.freshUid(), TestServers.freshUid(), "timed", null));

    double allowed = api.get("/metrics").body().lines()
        .filter(l -> l.startsWith("letterbox_hook_before_send_seconds_count{outcome=\"allow\""))
        .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    assertThat(allowed).isPositive();
  }

  /** A send with {@code sendAt} two seconds ahead: 202, asking the hook nothing yet. */
  private static String scheduleInTwoSeconds(long a, long b, String text) {
    return scheduleInTwoSeconds("/v1/messages", Map.of("from", "" + a, "to", "" + b, "text", text));
  }

  /**
   * A send or post {@code body} to {@code path} with {@code sendAt} two seconds ahead: 202, asking
   * the hook nothing yet.
   */
  private static String scheduleInTwoSeconds(String path, Map<String, Object> body) {
    String text = (String) body.get("text");
    long before = calls.stream().filter(c -> c.json().path("text").asText().equals(text)).count();
    Map<String, Object> timed = new java.util.HashMap<>(body);
    timed.put("sendAt", java.time.Instant.now().plusSeconds(2).toString());
    Reply r = api.post(path, json(timed));
    assertThat(r.status()).as("%s", r).isEqualTo(202);
    assertThat(calls.stream().filter(c -> c.json().path("text").asText().equals(text)).count())
        .as("the hook is asked when it comes due, not when it is scheduled").isEqualTo(before);
    return r.json().get("scheduled").asText();
  }

  @Test
  void aScheduledSendRejectedWhenItComesDueIsListedAsFailedAndNothingIsStored() {
    answer = new Answer("{\"action\":\"reject\",\"reason\":\"not at night\"}");
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    scheduleInTwoSeconds(a, b, "scheduled, then rejected");

    Awaitility.await("decided").atMost(Duration.ofSeconds(30)).until(() ->
        api.get("/v1/users/" + a + "/scheduled").json().get("items").get(0).get("status").asText().equals("failed"));
    assertThat(api.get("/v1/users/" + a + "/scheduled").json().get("items").get(0).get("error").asText())
        .isEqualTo("REJECTED");
    assertThat(calls).anyMatch(c -> c.json().path("text").asText().equals("scheduled, then rejected"));
    assertThat(history(api, b, a)).isEmpty();
  }

  @Test
  void aScheduledSendIsStoredWithWhatTheHookMadeOfItWhenItCameDue() {
    answer = new Answer("{\"action\":\"replace\",\"text\":\"s***d\"}");
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    scheduleInTwoSeconds(a, b, "scheduled");

    Awaitility.await("sent").atMost(Duration.ofSeconds(30)).until(() -> history(api, b, a).size() == 1);
    assertThat(history(api, b, a).get(0).get("text").asText()).isEqualTo("s***d");
  }

  @Test
  void aScheduledGroupPostIsAskedAsAPostWhenItComesDueAndStoredWithWhatTheHookMadeOfIt() {
    answer = new Answer("{\"action\":\"replace\",\"text\":\"p***t\"}");
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    Reply group = api.post("/v1/groups", "{\"by\":\"" + a + "\",\"name\":\"team\",\"members\":[\"" + b + "\"]}");
    assertThat(group.status()).as("%s", group).isEqualTo(201);
    String gid = group.json().get("id").asText();
    scheduleInTwoSeconds("/v1/groups/" + gid + "/messages", Map.of("from", "" + a, "text", "scheduled post"));

    String posts = "/v1/users/" + b + "/groups/" + gid + "/messages";
    Awaitility.await("posted").atMost(Duration.ofSeconds(30)).until(() -> api.get(posts).json().get("items").size() == 1);
    assertThat(api.get(posts).json().get("items").get(0).get("text").asText()).isEqualTo("p***t");
    assertThat(calls).anyMatch(c -> c.json().path("text").asText().equals("scheduled post")
        && c.json().path("kind").asText().equals("group") && c.json().path("group").asText().equals(gid));
  }
}
