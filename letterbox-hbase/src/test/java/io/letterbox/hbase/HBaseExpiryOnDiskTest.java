package io.letterbox.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.ByteSearch;
import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.TestClock;
import io.letterbox.model.ConversationRef;
import io.letterbox.model.SendRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Retention and disappearing messages on HBase (decision 0045): once swept and after the major
 * compaction the store asks for, no HFile of the namespace's tables holds their texts.
 */
@ExtendWith(MiniHBaseExtension.class)
class HBaseExpiryOnDiskTest {
  private static final String NAMESPACE = "expiryondisk";
  private final MiniHBase hbase;

  HBaseExpiryOnDiskTest(MiniHBase hbase) {
    this.hbase = hbase;
  }

  /** The files under the namespace's tables whose bytes hold {@code text}. */
  private List<Path> filesHolding(String text) {
    byte[] needle = text.getBytes(StandardCharsets.UTF_8);
    try (Stream<Path> files = Files.walk(hbase.namespaceDir(NAMESPACE))) {
      return files.filter(Files::isRegularFile).filter(f -> {
        try {
          return ByteSearch.holds(Files.readAllBytes(f), needle);
        } catch (java.nio.file.NoSuchFileException gone) {
          return false; // compacted away while listed
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void afterTheSweepsAndTheMajorCompactionNoHFileOfTheNamespaceHoldsTheirTexts() {
    String old = "zqx" + UUID.randomUUID().toString().replace("-", "");
    String brief = "zqy" + UUID.randomUUID().toString().replace("-", "");
    TestClock clock = new TestClock(Instant.parse("2026-11-22T10:00:00Z"));
    // Two salt buckets rather than sixteen: the texts still spread over several regions, and the
    // namespace's tables are made in a fifth of the time.
    HBaseStore store = hbase.emptyStore(hbase.options(NAMESPACE).saltBuckets(2).build(), Letterbox.SPACES);
    try (Letterbox box = Letterbox.open(store, LetterboxConfig.builder().clock(clock)
        .messageRetention(Duration.ofDays(1)).build())) {
      box.messages().send(new SendRequest(1, 2, old + " from long ago", null)).join();
      box.messages().send(new SendRequest(3, 4, "hello", null)).join();
      box.conversations().setDisappearAfter(3, ConversationRef.peer(4), Duration.ofMinutes(1)).join();
      box.messages().send(new SendRequest(3, 4, brief + " for a minute", null)).join();
      store.compact();
      Awaitility.await("the texts in the HFiles").atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(500))
          .until(() -> !filesHolding(old).isEmpty() && !filesHolding(brief).isEmpty());

      clock.advance(Duration.ofMinutes(2));
      assertThat(box.disappearing().sweep()).isEqualTo(1);
      clock.advance(Duration.ofDays(2));
      assertThat(box.retention().sweep()).isEqualTo(2);
      store.compact();

      Awaitility.await("the major compaction").atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(500))
          .until(() -> filesHolding(old).isEmpty() && filesHolding(brief).isEmpty());
    } finally {
      store.close();
    }
  }
}
