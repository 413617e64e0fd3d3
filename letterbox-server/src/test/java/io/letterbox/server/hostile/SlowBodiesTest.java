package io.letterbox.server.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.letterbox.server.LetterboxServer;
import io.letterbox.server.auth.UserTokens;
import io.letterbox.server.config.ServerConfig;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Request bodies are counted in max-body-buffer-bytes as their bytes arrive, not as their
 * Content-Length announces them: uploads that announce 20 MiB, send a byte and stall hold a byte
 * each, so other users still send. A body that stalls is 408 after body-read-timeout and what it
 * held is given back. One user cannot hold more than its share of the budget (429 RATE_LIMITED)
 * while another user's bodies still fit. Where a test needs a body to stay in progress, it gives it
 * a minute of body-read-timeout: on a busy machine the server may take seconds to read it.
 */
class SlowBodiesTest {
  private static final int MIB = 1 << 20;
  private static final int KIB = 1 << 10;
  private static final String SECRET = "slow-bodies-test-secret-of-32-bytes!";
  private static final Duration MINUTE = Duration.ofMinutes(1);
  /** Only a guard against a test hanging: every wait below ends on an answer. */
  private static final int GUARD_MILLIS = 20_000;

  @TempDir
  Path dir;

  @Test
  void stalledUploadsThatAnnounceHugeBodiesDoNotKeepAnotherUserFromSending() throws Exception {
    LetterboxServer server = start(b -> b.maxBodyBufferBytes(64L * MIB).maxBlobBytes(20L * MIB).bodyReadTimeout(MINUTE)
        .clientTimeout(MINUTE.multipliedBy(2)));
    List<Socket> stalled = new ArrayList<>();
    try {
      // Six users each announce a 20 MiB upload, four more a 1 MiB message; each sends one byte.
      for (int i = 0; i < 6; i++) {
        stalled.add(stall(server, "POST /v1/blobs", "application/octet-stream", 20 * MIB, TestServers.freshUid()));
      }
      for (int i = 0; i < 4; i++) {
        stalled.add(stall(server, "POST /v1/messages", "application/json", MIB, TestServers.freshUid()));
      }

      long a = TestServers.freshUid();
      long b = TestServers.freshUid();
      Reply sent = new Api(server.port()).send("POST", "/v1/messages",
          "{\"from\":\"" + a + "\",\"to\":\"" + b + "\",\"text\":\"hi\"}", "application/json", "Bearer " + token(a));

      assertThat(sent.status()).as("%s", sent).isEqualTo(201);
    } finally {
      for (Socket s : stalled) {
        s.close();
      }
      server.close();
    }
  }

  @Test
  void aStalledBodyIs408AfterTheBodyReadTimeoutAndWhatItHeldIsGivenBack() throws Exception {
    LetterboxServer server = start(b -> b.maxBodyBufferBytes(256L * KIB).maxBlobBytes(256L * KIB)
        .maxBodyBytes(64 * KIB).bodyReadTimeout(Duration.ofSeconds(2)));
    Api api = new Api(server.port());
    try (Socket slow = stall(server, "POST /v1/blobs", "application/octet-stream", 256 * KIB, 0)) {
      slow.getOutputStream().write(new byte[128 * KIB - 1]);
      slow.getOutputStream().flush();

      String answer = new String(slow.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

      assertThat(answer).startsWith("HTTP/1.1 408").contains("\"code\":\"REQUEST_TIMEOUT\"");
      // The whole budget is free again: an upload that needs all of it is taken.
      Reply whole = await("an upload of the whole budget").atMost(Duration.ofMinutes(1))
          .until(() -> api.post("/v1/blobs", new byte[256 * KIB], "application/octet-stream"), r -> r.status() != 429);
      assertThat(whole.status()).as("%s", whole).isEqualTo(201);
    } finally {
      server.close();
    }
  }

  @Test
  void oneUserCannotHoldMoreThanItsShareOfTheBudgetWhileOthersStillUploadBesideIt() throws Exception {
    // 4 MiB of bodies at once; a user's share is a quarter of it, 1 MiB.
    LetterboxServer server = start(b -> b.maxBodyBufferBytes(4L * MIB).maxBlobBytes(MIB).maxBodyBytes(64 * KIB)
        .bodyReadTimeout(MINUTE).clientTimeout(MINUTE.multipliedBy(2)));
    Api api = new Api(server.port());
    long greedy = TestServers.freshUid();
    long other = TestServers.freshUid();
    Socket[] first = {null};
    try {
      // The greedy user's first upload sends all but 16 bytes of its share; its second's 128 KiB pass
      // the share. Polled: the server reads the first's bytes when it will, and when the second's
      // came first, the first is the one refused, and it is started again.
      Reply refused = await("the same user's second upload refused").atMost(Duration.ofSeconds(60))
          .ignoreExceptions().until(() -> {
            if (first[0] == null || first[0].getInputStream().available() > 0) {
              if (first[0] != null) {
                first[0].close();
              }
              first[0] = stall(server, "POST /v1/blobs", "application/octet-stream", MIB, greedy);
              first[0].getOutputStream().write(new byte[MIB - 16]);
              first[0].getOutputStream().flush();
            }
            return upload(api, greedy, 128 * KIB);
          }, r -> r.status() == 429);
      assertThat(refused.json().at("/error/code").asText()).isEqualTo("RATE_LIMITED");
      assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");

      Reply beside = upload(api, other, 512 * KIB);
      assertThat(beside.status()).as("another user's upload: %s", beside).isEqualTo(201);
    } finally {
      if (first[0] != null) {
        first[0].close();
      }
      server.close();
    }
  }

  private LetterboxServer start(UnaryOperator<ServerConfig.Builder> settings) {
    return TestServers.start(dir, b -> settings.apply(b.userTokenSecret(SECRET)));
  }

  private static String token(long uid) {
    return new UserTokens(ServerConfig.builder().userTokenSecret(SECRET).build().userTokens())
        .issue(uid, Duration.ofHours(1), Clock.systemUTC());
  }

  /** An upload of {@code size} bytes, whole, by user {@code uid}, over a connection of its own. */
  private static Reply upload(Api api, long uid, int size) {
    return api.raw("POST /v1/blobs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n"
        + "Authorization: Bearer " + token(uid), new byte[size]);
  }

  /**
   * Announces a body of {@code length} bytes ({@code uid} 0: as a service), waits for the server
   * to ask for it (100 Continue: the request passed authentication and its body is being read),
   * sends one byte of it and leaves the rest unsent.
   */
  private static Socket stall(LetterboxServer server, String requestLine, String type, int length, long uid)
      throws IOException {
    Socket socket = new Socket("127.0.0.1", server.port());
    socket.setSoTimeout(GUARD_MILLIS);
    String head = requestLine + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: " + type + "\r\nContent-Length: "
        + length + "\r\nExpect: 100-continue\r\n" + (uid == 0 ? "" : "Authorization: Bearer " + token(uid) + "\r\n")
        + "\r\n";
    socket.getOutputStream().write(head.getBytes(StandardCharsets.ISO_8859_1));
    socket.getOutputStream().flush();
    assertThat(head(socket)).as("the server asks for the body").startsWith("HTTP/1.1 100");
    socket.getOutputStream().write(type.endsWith("json") ? '{' : 0);
    socket.getOutputStream().flush();
    return socket;
  }

  /** @return the head of the next answer on {@code socket}, read byte by byte so that nothing after it is taken */
  private static String head(Socket socket) throws IOException {
    StringBuilder head = new StringBuilder();
    while (head.length() < 4 || !head.substring(head.length() - 4).equals("\r\n\r\n")) {
      int b = socket.getInputStream().read();
      if (b < 0) {
        break;
      }
      head.append((char) b);
    }
    return head.toString();
  }
}
