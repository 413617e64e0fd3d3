package io.letterbox.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.SortedLoad;
import io.letterbox.store.Space;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write-mostly space (the search postings) merges its level 0 into the level below only once it
 * holds {@link RocksTuning#WRITE_MOSTLY_LEVEL0_FILES} files, a quarter as often as a plain space:
 * each of its new files overlaps all of it, so each merge rewrites the whole level below.
 */
class RocksStoreWriteMostlyTest {
  private static final Space PLAIN = Space.plain("plain", 8);
  private static final Space WRITE_MOSTLY = Space.writeMostly("write_mostly", 8);
  private static final int LOAD_ENTRIES = AcknowledgingWriter.LOAD_ENTRIES;

  @TempDir
  Path dir;

  @Test
  void aWriteMostlySpaceKeepsSixteenFilesInLevelZeroBeforeMergingThem() throws Exception {
    try (RocksStore store = RocksStore.open(dir, List.of(PLAIN, WRITE_MOSTLY), TestStores.SMALL)) {
      int files = RocksTuning.WRITE_MOSTLY_LEVEL0_FILES;
      // The first load goes to the last level; each later one overlaps it and stays in level 0.
      for (int round = 0; round < files; round++) {
        load(store, WRITE_MOSTLY, round);
      }
      assertThat(store.levelZeroFiles(WRITE_MOSTLY)).isEqualTo(files - 1);

      load(store, WRITE_MOSTLY, files);
      await().atMost(Duration.ofSeconds(60)).until(() -> store.levelZeroFiles(WRITE_MOSTLY) < files);
      assertThat(store.scan(WRITE_MOSTLY, KeyRange.prefix(Bytes.ofLong(0)), false, LOAD_ENTRIES + 1))
          .hasSize(LOAD_ENTRIES)
          .allSatisfy(e -> assertThat(Bytes.getLong(e.value(), 0)).isEqualTo(files));
    }
  }

  @Test
  void aPlainSpaceMergesLevelZeroAtRocksDbsDefaultOfFourFiles() throws Exception {
    try (RocksStore store = RocksStore.open(dir, List.of(PLAIN, WRITE_MOSTLY), TestStores.SMALL)) {
      for (int round = 0; round <= 4; round++) {
        load(store, PLAIN, round);
      }
      await().atMost(Duration.ofSeconds(60)).until(() -> store.levelZeroFiles(PLAIN) < 4);
    }
  }

  /** One table file of the same keys, each with the value {@code round}. */
  private static void load(RocksStore store, Space space, int round) {
    try (SortedLoad load = store.newSortedLoad(space)) {
      for (int i = 0; i < LOAD_ENTRIES; i++) {
        load.put(AcknowledgingWriter.loadedKey(0, i), Bytes.ofLong(round));
      }
      load.commit().join();
    }
  }
}
