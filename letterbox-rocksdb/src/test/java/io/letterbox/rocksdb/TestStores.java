package io.letterbox.rocksdb;

/** Options for stores opened by tests: small enough that many can be open at once. */
final class TestStores {
  static final RocksStoreOptions SMALL =
      RocksStoreOptions.builder().blockCacheBytes(8 << 20).writeBufferBytes(4 << 20).build();

  private TestStores() {}
}
