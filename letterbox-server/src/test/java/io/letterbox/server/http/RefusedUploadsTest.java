package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.letterbox.server.LetterboxServer;
import io.letterbox.server.support.TestServers;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A refusal that leaves a request's body unread does not cut off a client that is still sending
 * that body: the server reads and discards the rest before it closes the connection. A close with
 * unread bytes would make the kernel answer the client's next bytes with a reset, and a client
 * such as Java's HttpClient, which reads its answer only once its body is sent, could then lose
 * the answer.
 */
class RefusedUploadsTest {
  private static final int LIMIT = 64 << 10;
  private static final int SENT = 32 << 20;

  @TempDir
  static Path dir;

  private static LetterboxServer server;

  @BeforeAll
  static void start() {
    server = TestServers.start(dir, b -> b.maxBodyBytes(LIMIT));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void aClientThatSendsItsWholeBodyBeforeReadingGetsThe413() throws Exception {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5_000);
      socket.setSoTimeout(15_000);
      OutputStream out = socket.getOutputStream();
      out.write(("POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
          + "Content-Length: " + SENT + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));

      assertThatCode(() -> {
        byte[] chunk = new byte[16 << 10];
        for (int sent = 0; sent < SENT; sent += chunk.length) {
          out.write(chunk);
        }
      }).as("the whole body sent, the connection still open").doesNotThrowAnyException();
      assertThat(statusLine(socket.getInputStream())).startsWith("HTTP/1.1 413 ");
    }
  }

  private static String statusLine(InputStream in) throws IOException {
    StringBuilder line = new StringBuilder();
    int b;
    while ((b = in.read()) >= 0 && b != '\n') {
      line.append((char) b);
    }
    return line.toString().strip();
  }
}
