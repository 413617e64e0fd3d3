package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.server.LetterboxServer;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ApiKeysTest {
  @TempDir
  static Path dir;
  static LetterboxServer server;
  static Api anonymous;
  static Api authorized;
  static final long A = TestServers.freshUid();
  static final long B = TestServers.freshUid();

  @BeforeAll
  static void start() {
    server = TestServers.start(dir, b -> b.apiKeys(List.of("first-key", "second-key")));
    anonymous = new Api(server.port());
    authorized = anonymous.withKey("second-key");
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void aRequestWithoutKeyIs401AndStoresNothing() {
    Reply r = anonymous.post("/v1/messages", message());

    assertThat(r.status()).isEqualTo(401);
    assertThat(r.errorCode()).isEqualTo("UNAUTHORIZED");
    assertThat(r.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
  }

  @Test
  void anUnknownKeyIs401() {
    assertThat(anonymous.withKey("first-key-but-longer").post("/v1/messages", message()).status()).isEqualTo(401);
    assertThat(anonymous.send("POST", "/v1/messages", message(), "application/json", "Basic first-key").status())
        .isEqualTo(401);
    assertThat(anonymous.send("GET", "/v1/users/" + A + "/conversations", null, null, "Bearer").status())
        .isEqualTo(401);
  }

  @Test
  void aStrangersOversizeBodyIsRefusedForTheKeyBeforeItIsRead() {
    Reply r = anonymous.post("/v1/messages", "x".repeat(2_000_000));

    assertThat(r.status()).isEqualTo(401);
  }

  @Test
  void anyConfiguredKeyIsAccepted() {
    Reply r = anonymous.withKey("first-key").get("/v1/users/" + A + "/conversations");

    assertThat(r.status()).isEqualTo(200);
  }

  @Test
  void healthAndTheOpenApiDocumentNeedNoKeyButMetricsDo() {
    assertThat(anonymous.get("/health").status()).isEqualTo(200);
    assertThat(anonymous.get("/openapi.json").status()).isEqualTo(200);
    assertThat(anonymous.get("/metrics").status()).isEqualTo(401);
    assertThat(authorized.get("/metrics").status()).isEqualTo(200);
  }

  @Test
  void aRequestWithAKeyIsServed() {
    long from = TestServers.freshUid();
    Reply r = authorized.post("/v1/messages", "{\"from\":\"" + from + "\",\"to\":\"" + B + "\",\"text\":\"ok\"}");

    assertThat(r.status()).isEqualTo(201);
  }

  @AfterEach
  void theRefusedSenderStoredNothing() {
    assertThat(authorized.get("/v1/users/" + A + "/conversations").json().get("items")).isEmpty();
  }

  private static String message() {
    return "{\"from\":\"" + A + "\",\"to\":\"" + B + "\",\"text\":\"sneaky\"}";
  }
}
