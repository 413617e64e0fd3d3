package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.letterbox.server.LetterboxServer;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Request bodies are buffered whole, so the bytes of all bodies in progress together are bounded
 * (max-body-buffer-bytes): with 3 MiB of it and uploads of up to 2 MiB, a second upload while one
 * is being received is refused at once with 429 and Retry-After, a small request still fits, and
 * once the first upload is done the second is taken.
 */
class BodyBudgetTest {
  private static final int MIB = 1 << 20;

  @TempDir
  Path dir;

  @Test
  void anUploadThatDoesNotFitBesideTheBodiesInProgressIsRefusedWith429UntilTheyAreDone() throws Exception {
    LetterboxServer server = TestServers.start(dir, b -> b.maxBodyBufferBytes(3L * MIB).maxBlobBytes(2L * MIB));
    try (Socket slow = new Socket("127.0.0.1", server.port())) {
      Api api = new Api(server.port());
      byte[] first = filled(2 * MIB, (byte) 1);
      byte[] second = filled(2 * MIB, (byte) 2);
      // The first upload announces its 2 MiB and sends a part of them: they are reserved.
      OutputStream out = slow.getOutputStream();
      out.write(("POST /v1/blobs HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\n"
          + "Content-Length: " + first.length + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
      out.write(first, 0, 1024);
      out.flush();

      // The second announces 2 MiB too; refused, it is answered before it sends them. Polled, since
      // the server reads the first upload's head when it will.
      Reply refused = await("the second upload refused").atMost(Duration.ofMinutes(1))
          .until(() -> orNull(() -> api.raw("POST /v1/blobs HTTP/1.1\r\nHost: localhost\r\n"
              + "Content-Type: application/octet-stream\r\nContent-Length: " + second.length, (byte[]) null)),
              r -> r != null);
      assertThat(refused.status()).as("%s", refused).isEqualTo(429);
      assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
      assertThat(refused.json().at("/error/message").asText()).contains("max-body-buffer-bytes");
      long a = TestServers.freshUid();
      long b = TestServers.freshUid();
      Reply small = api.post("/v1/messages", "{\"from\":\"" + a + "\",\"to\":\"" + b + "\",\"text\":\"fits\"}");
      assertThat(small.status()).as("a small request beside it: %s", small).isEqualTo(201);

      out.write(first, 1024, first.length - 1024);
      out.flush();
      String answer = new String(slow.getInputStream().readNBytes(12), StandardCharsets.ISO_8859_1);
      assertThat(answer).isEqualTo("HTTP/1.1 201");
      // The first upload's bytes are given back when its exchange ends, just after its answer.
      Reply taken = await("the second upload taken").atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(50))
          .until(() -> orNull(() -> api.post("/v1/blobs", second, "application/octet-stream")),
              r -> r != null && r.status() != 429);
      assertThat(taken.status()).as("%s", taken).isEqualTo(201);
    } finally {
      server.close();
    }
  }

  /** @return the reply, or null when the exchange failed (no answer in time, or the connection closed under a body) */
  private static Reply orNull(java.util.function.Supplier<Reply> exchange) {
    try {
      return exchange.get();
    } catch (AssertionError failed) {
      return null;
    }
  }

  private static byte[] filled(int size, byte value) {
    byte[] bytes = new byte[size];
    Arrays.fill(bytes, value);
    return bytes;
  }
}
