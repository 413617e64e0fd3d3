package io.letterbox.server.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.server.LetterboxServer;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A browser never guesses a response's type from its bytes: every answer, success or error, from a
 * route, the router or the HTTP decoder, says {@code X-Content-Type-Options: nosniff}. The web inbox
 * page is served with a Content-Security-Policy that allows its own origin only, no inline script,
 * and no framing, and the page holds nothing inline that the policy would block.
 */
class SafeServingTest {
  @TempDir
  static Path dir;
  static LetterboxServer server;
  static LetterboxServer keyed;

  @BeforeAll
  static void start() {
    server = TestServers.start(dir.resolve("open"));
    keyed = TestServers.start(dir.resolve("keyed"), b -> b.apiKeys(List.of("the-key")));
  }

  @AfterAll
  static void stop() {
    server.close();
    keyed.close();
  }

  @Test
  void everyAnswerSaysNosniff() {
    Api api = new Api(server.port());
    long a = TestServers.freshUid();
    String blob = api.post("/v1/blobs", new byte[] {1, 2, 3}, "image/png").json().get("id").asText();
    Map<String, Reply> answers = new LinkedHashMap<>();
    answers.put("health", api.get("/health"));
    answers.put("openapi", api.get("/openapi.json"));
    answers.put("the inbox page", api.get("/"));
    answers.put("the inbox script", api.get("/web/inbox.js"));
    answers.put("a list", api.get("/v1/users/" + a + "/conversations"));
    answers.put("a send", api.post("/v1/messages", "{\"from\":\"" + a + "\",\"to\":\"" + TestServers.freshUid()
        + "\",\"text\":\"hi\"}"));
    answers.put("a blob", api.get("/v1/blobs/" + blob));
    answers.put("an unknown path", api.get("/nowhere"));
    answers.put("a wrong method", api.delete("/v1/messages"));
    answers.put("malformed JSON", api.post("/v1/messages", "{"));
    // Declared, not sent: the 413 comes before any body byte is read, so no client is cut off mid-write.
    answers.put("a body too large", api.raw("POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + "Content-Type: application/json\r\nContent-Length: " + (4 << 20), (byte[]) null));
    answers.put("unreadable headers", api.raw("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header Line", (byte[]) null));
    answers.put("no credential", new Api(keyed.port()).get("/v1/users/1/conversations"));
    answers.put("a foreign origin", api.raw("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://evil.example",
        (byte[]) null));

    answers.forEach((what, r) -> assertThat(r.headers().allValues("X-Content-Type-Options"))
        .as("%s (%s)", what, r.status()).containsExactly("nosniff"));
  }

  @Test
  void theInboxPageAllowsOnlyItsOwnOriginNoInlineScriptAndNoFraming() {
    Reply page = new Api(server.port()).get("/");

    String policy = page.headers().firstValue("Content-Security-Policy").orElseThrow();
    assertThat(policy).contains("default-src 'self'", "script-src 'self'", "frame-ancestors 'none'",
        "object-src 'none'", "base-uri 'none'").doesNotContain("unsafe-inline", "unsafe-eval", "*");
    // Nothing inline that the policy would block: scripts by src only, no style or handler attributes.
    assertThat(page.body()).doesNotContainPattern("<script(?![^>]*\\bsrc=)")
        .doesNotContainPattern("(?i)\\sstyle=").doesNotContainPattern("(?i)\\son[a-z]+=").doesNotContain("<style");
  }
}
