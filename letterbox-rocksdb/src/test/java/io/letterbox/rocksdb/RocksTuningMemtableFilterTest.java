package io.letterbox.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.store.Space;
import org.junit.jupiter.api.Test;
import org.rocksdb.RocksDB;

/**
 * A point read of a key a memtable lacks is answered by the memtable's bloom filter, without a
 * search of its skip list, in every prefixed space whose files filter whole keys too.
 */
class RocksTuningMemtableFilterTest {
  static {
    RocksDB.loadLibrary();
  }

  @Test
  void aPrefixedSpaceFiltersWholeKeysInItsMemtableUnlessItIsWriteMostly() {
    try (RocksTuning tuning = new RocksTuning(TestStores.SMALL)) {
      assertThat(tuning.forSpace(Space.plain("plain", 8)).memtableWholeKeyFiltering()).isTrue();
      assertThat(tuning.forSpace(Space.plain("plain_prefixed", 8)).memtablePrefixBloomSizeRatio()).isPositive();
      assertThat(tuning.forSpace(Space.writeMostly("write_mostly", 8)).memtableWholeKeyFiltering()).isFalse();
    }
  }
}
