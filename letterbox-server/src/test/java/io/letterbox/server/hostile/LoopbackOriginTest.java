package io.letterbox.server.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.server.LetterboxServer;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A loopback server without keys takes every request as a service's, so a web page of another
 * site open in the user's browser must not reach it: a request whose Origin is not loopback
 * (a cross-site fetch or WebSocket) or whose Host is not (a name rebound in DNS to 127.0.0.1) is
 * 403 FORBIDDEN on every route and changes nothing. Loopback origins and hosts, with any port,
 * pass. With keys configured, a credential decides and neither header is looked at.
 */
class LoopbackOriginTest {
  @TempDir
  static Path dir;
  static LetterboxServer open;
  static LetterboxServer keyed;

  @BeforeAll
  static void start() {
    open = TestServers.start(dir.resolve("open"));
    keyed = TestServers.start(dir.resolve("keyed"), b -> b.apiKeys(List.of("the-key")));
  }

  @AfterAll
  static void stop() {
    open.close();
    keyed.close();
  }

  @Test
  void aPageOfAnotherSiteCannotSendThroughALoopbackServerWithoutKeys() {
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    Api api = new Api(open.port());
    for (String origin : new String[] {"https://evil.example", "http://127.0.0.1.evil.example", "null",
        "http://localhost.evil.example:8080", "http://10.0.0.1"}) {
      Reply r = api.raw(post(open, "Origin: " + origin), message(a, b));

      assertThat(r.status()).as("Origin %s: %s", origin, r).isEqualTo(403);
      assertThat(r.errorCode()).isEqualTo("FORBIDDEN");
    }
    assertThat(api.get("/v1/users/" + a + "/conversations").json().get("items")).isEmpty();
  }

  @Test
  void aNameReboundToLoopbackIsRefusedOnEveryRouteHealthToo() {
    Api api = new Api(open.port());
    for (String host : new String[] {"evil.example", "evil.example:" + open.port(), "127.0.0.1.nip.io"}) {
      for (String path : new String[] {"/health", "/v1/users/1/conversations", "/"}) {
        Reply r = api.raw("GET " + path + " HTTP/1.1\r\nHost: " + host, (byte[]) null);

        assertThat(r.status()).as("Host %s on %s: %s", host, path, r).isEqualTo(403);
      }
    }
  }

  @Test
  void loopbackOriginsAndHostsWithAnyPortPass() {
    Api api = new Api(open.port());
    for (String origin : new String[] {"http://localhost:3000", "http://127.0.0.1:" + open.port(), "https://127.1.2.3",
        "http://[::1]:8080", "HTTP://LOCALHOST"}) {
      long a = TestServers.freshUid();
      Reply r = api.raw(post(open, "Origin: " + origin), message(a, TestServers.freshUid()));
      assertThat(r.status()).as("Origin %s: %s", origin, r).isEqualTo(201);
    }
    for (String host : new String[] {"localhost", "localhost:" + open.port(), "127.0.0.1", "127.9.9.9:80", "[::1]:"
        + open.port()}) {
      Reply r = api.raw("GET /health HTTP/1.1\r\nHost: " + host, (byte[]) null);
      assertThat(r.status()).as("Host %s: %s", host, r).isEqualTo(200);
    }
  }

  @Test
  void withKeysNeitherOriginNorHostIsLookedAt() {
    Api api = new Api(keyed.port()).withKey("the-key");
    long a = TestServers.freshUid();

    Reply r = api.raw("POST /v1/messages HTTP/1.1\r\nHost: letterbox.example\r\nOrigin: https://app.example\r\n"
        + "Content-Type: application/json", message(a, TestServers.freshUid()));

    assertThat(r.status()).as("%s", r).isEqualTo(201);
  }

  private static String post(LetterboxServer server, String header) {
    return "POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1:" + server.port() + "\r\nContent-Type: application/json\r\n"
        + header;
  }

  private static String message(long from, long to) {
    return "{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"hi\"}";
  }
}
