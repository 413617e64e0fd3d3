package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.server.LetterboxServer;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.TestServers;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients that are slow on purpose (slowloris) or by accident cannot hold a connection: with
 * body-read-timeout at 1 s, a body that does not arrive in time is answered 408; with
 * client-timeout at 2 s, a connection silent that long is closed, and an event stream, which the
 * server keeps writing to, stays open.
 */
class SlowClientsTest {
  private static final Duration BODY_READ_TIMEOUT = Duration.ofSeconds(1);
  private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(2);
  /** Only a guard against a test hanging forever: every wait below ends on an event, not on it. */
  private static final int GUARD_MILLIS = 60_000;

  @TempDir
  static Path dir;
  static LetterboxServer server;
  static Api api;

  @BeforeAll
  static void start() {
    server = TestServers.start(dir, b -> b.clientTimeout(CLIENT_TIMEOUT).bodyReadTimeout(BODY_READ_TIMEOUT)
        .eventKeepAlive(Duration.ofMillis(200)));
    api = new Api(server.port());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void aBodyThatStopsComingIsAnswered408AndNothingIsStored() throws IOException {
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    try (Socket socket = connect()) {
      String body = "{\"from\":\"" + a + "\",\"to\":\"" + b + "\",\"text\":\"never finished\"}";
      write(socket, head(body.length() + 10) + body);

      String answer = readAll(socket.getInputStream());

      assertThat(answer).startsWith("HTTP/1.1 408").contains("\"code\":\"REQUEST_TIMEOUT\"");
    }
    assertThat(api.get("/v1/users/" + a + "/conversations").json().get("items")).isEmpty();
  }

  @Test
  void aBodyTrickledAByteAtATimeIsCutOffAtTheTimeoutToo() throws Exception {
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    ScheduledExecutorService trickle = Executors.newSingleThreadScheduledExecutor();
    try (Socket socket = connect()) {
      String body = "{\"from\":\"" + a + "\",\"to\":\"" + b + "\",\"text\":\"" + "x".repeat(10_000) + "\"}";
      write(socket, head(body.length()));
      OutputStream out = socket.getOutputStream();
      int[] next = {0};
      // A byte every 50 ms keeps the connection busy, so only the body's deadline can end it.
      trickle.scheduleAtFixedRate(() -> {
        try {
          out.write(body.charAt(next[0]++));
          out.flush();
        } catch (IOException closed) {
          throw new IllegalStateException(closed);
        }
      }, 0, 50, TimeUnit.MILLISECONDS);

      String answer = readAll(socket.getInputStream());

      assertThat(answer).startsWith("HTTP/1.1 408").contains("\"code\":\"REQUEST_TIMEOUT\"");
    } finally {
      trickle.shutdownNow();
    }
    assertThat(api.get("/v1/users/" + a + "/conversations").json().get("items")).isEmpty();
  }

  @Test
  void aConnectionThatNeverFinishesItsHeadersIsClosed() throws IOException {
    try (Socket socket = connect()) {
      write(socket, "GET /v1/users/1/conversations HTTP/1.1\r\nHost: 127.0.0.1\r\n");

      assertThat(socket.getInputStream().read()).as("end of stream").isEqualTo(-1);
    }
  }

  @Test
  void anEventStreamOutlivesTheTimeoutBecauseTheServerKeepsWritingToIt() throws IOException {
    long uid = TestServers.freshUid();
    try (Socket socket = connect()) {
      write(socket, "GET /v1/users/" + uid + "/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      BufferedReader lines = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
      assertThat(lines.readLine()).startsWith("HTTP/1.1 200");

      long start = System.nanoTime();
      long keepAlives = 0;
      // Read until three client-timeouts have passed: a closed stream would end the loop early.
      while (System.nanoTime() - start < 3 * CLIENT_TIMEOUT.toNanos()) {
        String line = lines.readLine();
        assertThat(line).as("the stream is still open").isNotNull();
        if (line.startsWith(":")) {
          keepAlives++;
        }
      }
      assertThat(keepAlives).isPositive();
    }
  }

  private static Socket connect() throws IOException {
    Socket socket = new Socket("127.0.0.1", server.port());
    socket.setSoTimeout(GUARD_MILLIS);
    return socket;
  }

  private static String head(int contentLength) {
    return "POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + "Content-Length: " + contentLength + "\r\n\r\n";
  }

  private static void write(Socket socket, String text) throws IOException {
    socket.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
    socket.getOutputStream().flush();
  }

  private static String readAll(InputStream in) throws IOException {
    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
  }
}
