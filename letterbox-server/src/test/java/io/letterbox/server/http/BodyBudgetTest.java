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
 * (max-body-buffer-bytes), counted as they arrive: with 3 MiB of it and an upload holding all but
 * 64 KiB of it, a second upload whose bytes pass the rest is refused with 429 and Retry-After, a
 * small request still fits, and once the first upload is done the second is taken.
 */
class BodyBudgetTest {
  private static final int MIB = 1 << 20;
  private static final int KIB = 1 << 10;

  @TempDir
  Path dir;

  @Test
  void anUploadWhoseBytesDoNotFitBesideTheBodiesInProgressIsRefusedWith429UntilTheyAreDone() throws Exception {
    LetterboxServer server = TestServers.start(dir, b -> b.maxBodyBufferBytes(3L * MIB).maxBlobBytes(3L * MIB));
    try (Socket slow = new Socket("127.0.0.1", server.port())) {
      Api api = new Api(server.port());
      byte[] first = filled(3 * MIB, (byte) 1);
      byte[] second = filled(128 * KIB, (byte) 2);
      // The first upload announces 3 MiB and sends all but 64 KiB of them: the bytes sent are held.
      OutputStream out = slow.getOutputStream();
      out.write(("POST /v1/blobs HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\n"
          + "Content-Length: " + first.length + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
      int held = first.length - 64 * KIB;
      out.write(first, 0, held);
      out.flush();

      // The second's 128 KiB pass what is left; refused as they arrive. Polled, since the server
      // reads the first upload's bytes when it will.
      Reply refused = await("the second upload refused").atMost(Duration.ofMinutes(1))
          .until(() -> orNull(() -> api.post("/v1/blobs", second, "application/octet-stream")),
              r -> r != null && r.status() == 429);
      assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
      assertThat(refused.json().at("/error/message").asText()).contains("max-body-buffer-bytes");
      long a = TestServers.freshUid();
      long b = TestServers.freshUid();
      Reply small = api.post("/v1/messages", "{\"from\":\"" + a + "\",\"to\":\"" + b + "\",\"text\":\"fits\"}");
      assertThat(small.status()).as("a small request beside it: %s", small).isEqualTo(201);

      out.write(first, held, first.length - held);
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
