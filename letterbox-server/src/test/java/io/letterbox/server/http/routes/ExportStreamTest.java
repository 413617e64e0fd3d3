package io.letterbox.server.http.routes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A streamed answer asks for its next batch only when the client has taken the previous ones. */
class ExportStreamTest {
  private static final int BATCHES = 2_000;
  private static final int BATCH_BYTES = 64 * 1024;
  private final Vertx vertx = Vertx.vertx();

  @AfterEach
  void close() {
    vertx.close().toCompletionStage().toCompletableFuture().join();
  }

  @Test
  void aClientThatStopsReadingStopsTheBatchesAndOneThatReadsOnGetsThemAll() throws Exception {
    byte[] bytes = new byte[BATCH_BYTES];
    Arrays.fill(bytes, (byte) 'x');
    bytes[BATCH_BYTES - 1] = '\n';
    AtomicInteger asked = new AtomicInteger();
    HttpServer server = vertx.createHttpServer()
        .requestHandler(request -> new ExportStream(vertx, request.response(), () -> Future.succeededFuture(
            asked.incrementAndGet() <= BATCHES ? Buffer.buffer(bytes) : Buffer.buffer()), e -> request.response().reset())
            .start("application/x-ndjson"))
        .listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().join();

    try (Socket socket = new Socket("127.0.0.1", server.actualPort())) {
      socket.getOutputStream().write("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
          .getBytes(StandardCharsets.US_ASCII));
      InputStream in = socket.getInputStream();
      assertThat(new String(in.readNBytes(12), StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 200");

      // 125 MB in all: what the socket's buffers and the write queue hold is a few megabytes.
      await("the batches stop while the client reads nothing").during(Duration.ofSeconds(1))
          .atMost(Duration.ofSeconds(30)).until(() -> asked.get() < BATCHES / 4);

      long read = 12;
      byte[] chunk = new byte[1 << 16];
      for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
        read += n;
      }
      assertThat(read).isGreaterThan((long) BATCHES * BATCH_BYTES);
      assertThat(asked.get()).as("every batch, then the empty one that ends the answer").isEqualTo(BATCHES + 1);
    }
  }

  @Test
  void aFailureBeforeTheFirstByteIsAnsweredAsARefusal() throws Exception {
    HttpServer server = vertx.createHttpServer()
        .requestHandler(request -> new ExportStream(vertx, request.response(),
            () -> Future.failedFuture(new IllegalStateException("the partition moved")),
            e -> request.response().setStatusCode(503).putHeader("Content-Type", "text/plain").end(e.getMessage()))
            .start("application/x-ndjson"))
        .listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().join();

    try (Socket socket = new Socket("127.0.0.1", server.actualPort())) {
      socket.getOutputStream().write("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
          .getBytes(StandardCharsets.US_ASCII));
      String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
      assertThat(answer).startsWith("HTTP/1.1 503").contains("the partition moved");
    }
  }
}
