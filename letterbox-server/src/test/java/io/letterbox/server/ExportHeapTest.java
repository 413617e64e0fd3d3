package io.letterbox.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.client.ExportLine;
import io.letterbox.client.LetterboxClient;
import io.letterbox.client.RetryPolicy;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.ChildServerTestBase;
import io.letterbox.server.support.Reply;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The export of an owner of 100,000 messages holds them all, served by a server whose heap is
 * 256 MB: the messages' texts alone (a kilobyte each) are 100 MB, their JSON as much again, so a
 * server that held the export, or its messages, whole would run out of heap (and exit: the stream
 * breaks). The client reads the lines off the connection one at a time.
 */
class ExportHeapTest extends ChildServerTestBase {
  private static final int MESSAGES = 100_000;
  private static final int PEERS = 20;
  private static final int BATCH = 400;
  private static final long OWNER = 7_100_000_001L;
  private static final String FILLER = "x".repeat(1_000);

  @Test
  void theExportOfAnOwnerOf100kMessagesHoldsThemAllWithA256MbHeap() throws Exception {
    Files.writeString(dir.resolve("server.properties"), "search=false\n");
    Api api = server.startWith(List.of("-Xmx256m", "-XX:+ExitOnOutOfMemoryError"), "server",
        "--config", dir.resolve("server.properties").toString());
    seed(api);

    LetterboxClient client = LetterboxClient.builder().baseUrls("http://127.0.0.1:" + server.port())
        .retryPolicy(RetryPolicy.NONE).build();
    Set<Long> ids = new HashSet<>();
    Set<Long> peers = new HashSet<>();
    long lines = client.conversations().export(OWNER, line -> count(line, ids, peers)).execute();

    assertThat(peers).hasSize(PEERS);
    assertThat(ids).hasSize(MESSAGES);
    assertThat(lines).isEqualTo(MESSAGES + PEERS);
    assertThat(api.get("/health").status()).as("the server is still up").isEqualTo(200);
  }

  private static void count(ExportLine line, Set<Long> ids, Set<Long> peers) {
    if (line.conversation() != null) {
      assertThat(peers.add(line.conversation().peer())).isTrue();
    } else {
      assertThat(ids.add(line.message().id())).isTrue();
      assertThat(line.message().text()).startsWith("m");
    }
  }

  /** Imports the owner's history, both ways with each peer, a few batches at a time. */
  private static void seed(Api api) throws Exception {
    Instant start = Instant.parse("2020-01-01T00:00:00Z");
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Reply>> batches = new ArrayList<>();
      for (int first = 0; first < MESSAGES; first += BATCH) {
        StringBuilder body = new StringBuilder("{\"messages\":[");
        for (int i = first; i < first + BATCH; i++) {
          long peer = OWNER + 1 + i % PEERS;
          boolean in = i % 3 == 0;
          body.append(i == first ? "" : ",").append("{\"from\":\"").append(in ? peer : OWNER)
              .append("\",\"to\":\"").append(in ? OWNER : peer)
              .append("\",\"text\":\"m").append(i).append(' ').append(FILLER)
              .append("\",\"createdAt\":\"").append(start.plus(Duration.ofSeconds(i))).append("\"}");
        }
        String json = body.append("]}").toString();
        batches.add(pool.submit(() -> api.post("/v1/import/messages", json)));
      }
      for (Future<Reply> batch : batches) {
        Reply r = batch.get();
        assertThat(r.status()).as("%s", r).isEqualTo(200);
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
