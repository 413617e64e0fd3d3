package io.letterbox.rocksdb;

import static io.letterbox.rocksdb.AcknowledgingWriter.LOADED;
import static io.letterbox.rocksdb.AcknowledgingWriter.LOAD_ENTRIES;
import static io.letterbox.rocksdb.AcknowledgingWriter.MESSAGES;
import static io.letterbox.rocksdb.AcknowledgingWriter.SPACES;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.SortedLoad;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sorted loads yield to the store's other writes: a load that would crowd level 0 towards
 * RocksDB's write slowdown waits for compaction (the search index catching up after a large
 * import once stalled every durable send for seconds), and one whose space's memtable holds
 * keys flushes it before ingestion stops every write of the database.
 */
class RocksStoreLoadPacingTest {
  /** RocksDB's default level0_slowdown_writes_trigger (20), halved. */
  private static final int CROWDED = 10;

  @TempDir
  Path dir;

  @Test
  void aLoadThatWouldCrowdLevelZeroWaitsForCompactionWhileOtherWritesGoOn() throws Exception {
    try (RocksStore store = RocksStore.open(dir, SPACES, TestStores.SMALL)) {
      store.autoCompaction(LOADED, false);
      int rounds = 0;
      while (store.levelZeroFiles(LOADED) < CROWDED) {
        load(store, rounds++); // the first goes to the last level, each later one overlaps and stays in level 0
      }
      assertThat(rounds).isEqualTo(CROWDED + 1);

      int last = rounds;
      CompletableFuture<Void> next = CompletableFuture.runAsync(() -> load(store, last));
      await().atMost(Duration.ofSeconds(30)).until(() -> store.loadsWaiting() == 1);
      store.write(store.newBatch().put(MESSAGES, Bytes.ofLong(1), Bytes.ofLong(1))).get();
      assertThat(next).isNotDone();
      assertThat(store.levelZeroFiles(LOADED)).isEqualTo(CROWDED);

      store.autoCompaction(LOADED, true);
      next.get(RocksStore.LOAD_WAIT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
      assertThat(store.loadsWaiting()).isZero();
      assertThat(store.scan(LOADED, KeyRange.prefix(Bytes.ofLong(0)), false, LOAD_ENTRIES + 1))
          .hasSize(LOAD_ENTRIES)
          .allSatisfy(e -> assertThat(Bytes.getLong(e.value(), 0)).isEqualTo(last));
    }
  }

  @Test
  void aLoadFlushesItsSpacesMemtableBeforeIngestionStopsEveryWrite() throws Exception {
    byte[] written = AcknowledgingWriter.loadedKey(0, 5);
    try (RocksStore store = RocksStore.open(dir, SPACES, TestStores.SMALL)) {
      // In the memtable, within the range of the file that the load ingests next.
      store.write(store.newBatch().put(LOADED, written, Bytes.ofLong(-1))).get();

      load(store, 1);

      assertThat(store.get(LOADED, written)).isEqualTo(Bytes.ofLong(1));
    }
    // Read once the store is closed: RocksDB writes its LOG out every few seconds, and at close.
    assertThat(flushReasons(dir)).contains("Manual Flush").doesNotContain("External File Ingestion");
  }

  @Test
  void aLoadLeavesAMemtableWithoutKeysInItsRangeUnflushed() throws Exception {
    byte[] beyond = AcknowledgingWriter.loadedKey(1, 0); // after every key of load 0's file
    try (RocksStore store = RocksStore.open(dir, SPACES, TestStores.SMALL)) {
      store.write(store.newBatch().put(LOADED, beyond, Bytes.ofLong(-1))).get();

      load(store, 1);

      assertThat(store.get(LOADED, beyond)).isEqualTo(Bytes.ofLong(-1));
    }
    assertThat(flushReasons(dir)).doesNotContain("Manual Flush", "External File Ingestion");
  }

  /** Why each flush of the store at {@code dir} ran, from RocksDB's event log in its LOG file. */
  private static List<String> flushReasons(Path dir) throws java.io.IOException {
    Matcher reason = Pattern.compile("\"event\": \"flush_started\".*\"flush_reason\": \"([^\"]+)\"").matcher("");
    List<String> reasons = new ArrayList<>();
    for (String line : Files.readAllLines(dir.resolve("LOG"))) {
      if (reason.reset(line).find()) {
        reasons.add(reason.group(1));
      }
    }
    return reasons;
  }

  /** One table file of the same keys, each with the value {@code round}. */
  private static void load(RocksStore store, int round) {
    try (SortedLoad load = store.newSortedLoad(LOADED)) {
      for (int i = 0; i < LOAD_ENTRIES; i++) {
        load.put(AcknowledgingWriter.loadedKey(0, i), Bytes.ofLong(round));
      }
      load.commit().join();
    }
  }
}
