package io.letterbox.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.store.Space;
import org.junit.jupiter.api.Test;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.RocksDB;

/**
 * The bottommost level, where most of a store's bytes end, is compressed with ZSTD and a
 * dictionary trained per table file; the upper levels, rewritten often, with LZ4.
 */
class RocksTuningCompressionTest {
  static {
    RocksDB.loadLibrary();
  }

  @Test
  void everySpaceCompressesItsBottommostLevelWithZstdLevelNineAndASixteenKilobyteDictionary() {
    try (RocksTuning tuning = new RocksTuning(TestStores.SMALL)) {
      for (Space space : new Space[] {Space.plain("plain", 8), Space.writeMostly("write_mostly", 8)}) {
        ColumnFamilyOptions cf = tuning.forSpace(space);
        assertThat(cf.compressionType()).isEqualTo(CompressionType.LZ4_COMPRESSION);
        assertThat(cf.bottommostCompressionType()).isEqualTo(CompressionType.ZSTD_COMPRESSION);
        CompressionOptions bottommost = cf.bottommostCompressionOptions();
        assertThat(bottommost).isNotNull();
        assertThat(bottommost.enabled()).isTrue();
        assertThat(bottommost.level()).isEqualTo(9);
        assertThat(bottommost.maxDictBytes()).isEqualTo(16 * 1024);
        assertThat(bottommost.zstdMaxTrainBytes()).isEqualTo(100 * 16 * 1024);
      }
    }
  }
}
