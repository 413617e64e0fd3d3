package io.letterbox.server.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.letterbox.client.LetterboxClient;
import io.letterbox.client.RetryPolicy;
import io.letterbox.server.LetterboxServer;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * One real server per test class, with the default settings but for event streams' keep-alives
 * every 200 ms (a closed stream is noticed at once); each test uses fresh uids.
 */
public abstract class ApiTestBase {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir
  static Path dataDir;
  private static LetterboxServer server;
  protected static Api api;
  /** The Java client on the same server, without retries: a test sees the server's first answer. */
  protected static LetterboxClient client;

  @BeforeAll
  static void startServer() {
    server = TestServers.start(dataDir, b -> b.eventKeepAlive(java.time.Duration.ofMillis(200)));
    api = new Api(server.port());
    client = LetterboxClient.builder().baseUrls("http://127.0.0.1:" + server.port()).retryPolicy(RetryPolicy.NONE)
        .build();
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  protected static long user() {
    return TestServers.freshUid();
  }

  /** Sends a message and insists that it was stored. @return the message */
  protected static JsonNode send(long from, long to, String text) {
    Reply r = api.post("/v1/messages", json(Map.of("from", "" + from, "to", "" + to, "text", text)));
    assertThat(r.status()).as("send %s", r).isEqualTo(201);
    return r.json();
  }

  /** @return {@code value} as a JSON tree, to compare with answers */
  protected static JsonNode node(Object value) {
    return MAPPER.valueToTree(value);
  }

  /** @return {@code value} as JSON text */
  protected static String json(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
