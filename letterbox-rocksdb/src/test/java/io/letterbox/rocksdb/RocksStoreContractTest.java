package io.letterbox.rocksdb;

import io.letterbox.store.KeyValueStore;
import io.letterbox.store.KeyValueStoreContract;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

class RocksStoreContractTest implements KeyValueStoreContract {
  @TempDir
  Path dir;
  private RocksStore store;

  @BeforeEach
  void open() {
    // A small cache and memtables: tests open many stores, and small memtables flush sooner.
    store = RocksStore.open(dir, SPACES, TestStores.SMALL);
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Override
  public KeyValueStore store() {
    return store;
  }
}
