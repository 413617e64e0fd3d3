package io.letterbox.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.TestClock;
import io.letterbox.model.ConversationRef;
import io.letterbox.model.GroupPost;
import io.letterbox.model.SendRequest;
import io.letterbox.rocksdb.RocksStore;
import io.letterbox.server.support.DataDirectoryScan;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Retention on the embedded store (decision 0045): once the sweep removed the messages past
 * {@code message-retention} and the store compacted, no file under the data directory holds their
 * text, read raw and through the store.
 */
class RetentionOnDiskTest {
  @TempDir
  Path dataDir;

  @Test
  void afterTheSweepAndTheCompactionNoFileUnderTheDataDirectoryHoldsTheTextsPastTheRetention() {
    String marker = "zqx" + UUID.randomUUID().toString().replace("-", "");
    String post = "zqy" + UUID.randomUUID().toString().replace("-", "");
    TestClock clock = new TestClock(Instant.parse("2026-11-22T10:00:00Z"));
    try (RocksStore store = RocksStore.open(dataDir, Letterbox.SPACES);
        Letterbox box = Letterbox.open(store, LetterboxConfig.builder().clock(clock)
            .messageRetention(Duration.ofDays(30)).build())) {
      box.messages().send(new SendRequest(1, 2, marker + " old news", null)).join();
      long gid = box.groups().create(1, "team", new long[] {2}, false).join().group().id();
      box.groups().post(new GroupPost(gid, 2, post + " old post", List.of(), null, io.letterbox.model.Extras.TEXT))
          .join();
      clock.advance(Duration.ofDays(29));
      box.messages().send(new SendRequest(2, 1, "recent", null)).join();
      assertThat(DataDirectoryScan.filesHolding(dataDir, marker)).as("in the write-ahead log once sent").isNotEmpty();
      clock.advance(Duration.ofDays(2));

      assertThat(box.retention().sweep()).isEqualTo(2);
      store.compact();

      assertThat(box.conversations().history(2, ConversationRef.peer(1), null, 10).items())
          .extracting(io.letterbox.model.Message::text).containsExactly("recent");
    }
    assertThat(DataDirectoryScan.filesHolding(dataDir, marker)).isEmpty();
    assertThat(DataDirectoryScan.filesHolding(dataDir, post)).isEmpty();
    assertThat(DataDirectoryScan.rowsHolding(dataDir, marker, post)).isEmpty();
  }
}
