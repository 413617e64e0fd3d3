package io.letterbox.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.store.Bytes;
import io.letterbox.store.SortedLoad;
import io.letterbox.store.Space;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table file keeps its index and filter in small partitions, so the first read of a key after
 * a restart fetches a partition of each and one data block, not the file's whole filter and
 * index (394 KB read here with whole ones): the cold first page of a big owner's list.
 */
class RocksStorePartitionedIndexTest {
  private static final Space SPACE = Space.plain("plain", 8);
  private static final int ENTRIES = 300_000;

  @TempDir
  Path dir;

  @Test
  void aPointReadAfterARestartFetchesAPartitionOfTheFilterNotAllOfIt() throws Exception {
    try (RocksStore store = RocksStore.open(dir, List.of(SPACE), TestStores.SMALL)) {
      Random random = new Random(7);
      try (SortedLoad load = store.newSortedLoad(SPACE)) {
        for (int i = 0; i < ENTRIES; i++) {
          byte[] value = new byte[24];
          random.nextBytes(value);
          load.put(Bytes.ofLong(i), value);
        }
        load.commit().join();
      }
    }
    try (RocksStore store = RocksStore.open(dir, List.of(SPACE), TestStores.SMALL)) {
      RocksStore.TableMetadata tables = store.tableMetadata(SPACE);
      assertThat(tables.indexPartitions()).isGreaterThan(1);
      assertThat(tables.filterBytes()).isGreaterThan(200_000);

      byte[][] value = new byte[1][];
      long read = store.blockBytesRead(() -> value[0] = store.get(SPACE, Bytes.ofLong(ENTRIES / 2)));

      assertThat(value[0]).hasSize(24);
      // One data block of 16 KiB, a 4 KiB partition of the index and one of the filter, with room.
      assertThat(read).isPositive().isLessThan(48 * 1024);
    }
  }
}
