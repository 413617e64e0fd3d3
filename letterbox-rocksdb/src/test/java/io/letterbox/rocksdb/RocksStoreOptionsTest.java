package io.letterbox.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RocksStoreOptionsTest {
  private static final long MB = 1024 * 1024;

  @Test
  void theBlockCacheIsSplitIntoShardsOfAtLeast64MegabytesSoThatAFilterBlockStaysCached() {
    assertThat(RocksStoreOptions.blockCacheShardBits(32 * MB)).isZero();
    assertThat(RocksStoreOptions.blockCacheShardBits(64 * MB)).isZero();
    assertThat(RocksStoreOptions.blockCacheShardBits(256 * MB)).isEqualTo(2);
    assertThat(RocksStoreOptions.blockCacheShardBits(1024 * MB)).isEqualTo(4);
  }

  @Test
  void aLargeBlockCacheHasAtMost64Shards() {
    assertThat(RocksStoreOptions.blockCacheShardBits(64 * 1024 * MB)).isEqualTo(6);
  }
}
