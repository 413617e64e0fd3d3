package io.letterbox.bench.baseline.push;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.bench.targets.Broadcaster.Audience;
import io.letterbox.bench.targets.ListPage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * push-rocksdb-ingest: a broadcast's receiver rows go in as ingested table files, and what
 * receivers read is what the write path would give them — the message in the conversation, the
 * sender first in the list, one entry per pair even when the pair had an earlier message.
 */
class PushIngestTest {
  private static final long SENDER = 9_000_000_001L;
  private static final long OTHER = 9_000_000_002L;
  /** Enough receivers for a part of their own on each of two cores. */
  private static final int RECEIVERS = 40_000;

  @TempDir
  Path dir;

  private PushRocksTarget push;
  private long[] receivers;

  @BeforeEach
  void open() throws Exception {
    push = new PushRocksTarget(dir, 8L << 20, PushRocksTarget.FanOut.INGEST);
    receivers = LongStream.range(0, RECEIVERS).map(i -> 1_000_000_000L + 7 * i).toArray();
  }

  @AfterEach
  void close() {
    push.close();
  }

  @Test
  void everyReceiverReadsTheBroadcastAndListsTheSenderFirst() {
    long first = receivers[0];
    long last = receivers[RECEIVERS - 1];
    push.send(OTHER, first, "an older conversation").join();

    push.broadcast(SENDER, "news", receivers, Audience.UIDS);

    for (long r : new long[] {first, receivers[RECEIVERS / 2], last}) {
      assertThat(push.history(r, SENDER, null, 20).size()).as("receiver %d", r).isEqualTo(1);
      assertThat(push.conversationsPage(r, null, 20).first()).as("receiver %d", r).isEqualTo(SENDER);
    }
    assertThat(push.conversationsPage(first, null, 20).count()).isEqualTo(2);
    assertThat(push.name()).isEqualTo("push-rocksdb-ingest");
    assertThat(dir.resolve("ingest")).isEmptyDirectory();
  }

  @Test
  void aReceiverWithAnEarlierMessageFromTheSenderKeepsOneEntryThatMoves() {
    long r = receivers[RECEIVERS / 3];
    push.send(SENDER, r, "hello before the broadcasts").join();
    push.send(OTHER, r, "a newer conversation with someone else").join();

    push.broadcast(SENDER, "news", receivers, Audience.UIDS);
    push.broadcast(SENDER, "more news", receivers, Audience.UIDS);

    ListPage list = push.conversationsPage(r, null, 20);
    assertThat(list.count()).isEqualTo(2);
    assertThat(list.first()).isEqualTo(SENDER);
    assertThat(push.history(r, SENDER, null, 20).size()).isEqualTo(3);
    assertThat(push.conversationsPage(receivers[0], null, 20)).extracting(ListPage::count, ListPage::first)
        .containsExactly(1, SENDER);
  }

  @Test
  void theRowsSurviveARestart() throws Exception {
    push.broadcast(SENDER, "news", receivers, Audience.UIDS);

    push.restart();

    assertThat(push.history(receivers[RECEIVERS - 1], SENDER, null, 20).size()).isEqualTo(1);
    assertThat(push.conversationsPage(receivers[1], null, 20).first()).isEqualTo(SENDER);
    try (var files = Files.list(dir.resolve("ingest"))) {
      assertThat(files).isEmpty();
    }
  }
}
