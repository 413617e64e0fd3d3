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
 * (max-body-buffer-bytes), counted as they arrive: with 768 KiB of it and an upload of 764 KiB that
 * has sent all but 1 KiB, a second upload whose bytes pass the rest is refused with 429 and
 * Retry-After, a small request still fits, and once the first upload is done another is taken. (A
 * minute of body-read-timeout: on a busy machine the server may take seconds to read the first
 * upload. The first leaves 4 KiB free: the small request's bytes are given back only once its
 * answer is written, which the client may see before, when it sends the first's last kilobyte.)
 */
class BodyBudgetTest {
  private static final int KIB = 1 << 10;

  @TempDir
  Path dir;

  @Test
  void anUploadWhoseBytesDoNotFitBesideTheBodiesInProgressIsRefusedWith429UntilTheyAreDone() throws Exception {
    LetterboxServer server = TestServers.start(dir, b -> b.maxBodyBufferBytes(768L * KIB).maxBlobBytes(768L * KIB)
        .maxBodyBytes(64 * KIB).bodyReadTimeout(Duration.ofMinutes(1)).clientTimeout(Duration.ofMinutes(2)));
    Socket[] slow = {null};
    try {
      Api api = new Api(server.port());
      byte[] first = filled(764 * KIB, (byte) 1);
      byte[] second = filled(128 * KIB, (byte) 2);
      int held = first.length - KIB;

      // The first upload announces 764 KiB and sends all but 1 KiB of them: the bytes sent are held.
      // The second's 128 KiB pass what is left; refused as they arrive. Polled, since the server
      // reads the first upload's bytes when it will; when the second's bytes came first, the first
      // is the one refused (its chunks found no room), and it is started again.
      Reply refused = await("the second upload refused").atMost(Duration.ofMinutes(1))
          .until(() -> {
            if (slow[0] == null || slow[0].getInputStream().available() > 0) {
              if (slow[0] != null) {
                slow[0].close();
              }
              slow[0] = startUpload(server, first, held);
            }
            return orNull(() -> api.post("/v1/blobs", second, "application/octet-stream"));
          }, r -> r != null && r.status() == 429);
      assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
      assertThat(refused.json().at("/error/message").asText()).contains("max-body-buffer-bytes");
      long a = TestServers.freshUid();
      long b = TestServers.freshUid();
      Reply small = api.post("/v1/messages", "{\"from\":\"" + a + "\",\"to\":\"" + b + "\",\"text\":\"fits\"}");
      assertThat(small.status()).as("a small request beside it: %s", small).isEqualTo(201);

      OutputStream out = slow[0].getOutputStream();
      out.write(first, held, first.length - held);
      out.flush();
      String answer = new String(slow[0].getInputStream().readNBytes(12), StandardCharsets.ISO_8859_1);
      assertThat(answer).isEqualTo("HTTP/1.1 201");
      // The first upload's bytes are given back when its exchange ends, just after its answer. (Other
      // bytes than the second's, which a poll above may have stored before the first's bytes came.)
      byte[] third = filled(128 * KIB, (byte) 3);
      Reply taken = await("another upload taken").atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(50))
          .until(() -> orNull(() -> api.post("/v1/blobs", third, "application/octet-stream")),
              r -> r != null && r.status() != 429);
      assertThat(taken.status()).as("%s", taken).isEqualTo(201);
    } finally {
      if (slow[0] != null) {
        slow[0].close();
      }
      server.close();
    }
  }

  /** Announces {@code body} as an upload and sends its first {@code sent} bytes. */
  private static Socket startUpload(LetterboxServer server, byte[] body, int sent) throws java.io.IOException {
    Socket socket = new Socket("127.0.0.1", server.port());
    OutputStream out = socket.getOutputStream();
    out.write(("POST /v1/blobs HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\n"
        + "Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
    out.write(body, 0, sent);
    out.flush();
    return socket;
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
