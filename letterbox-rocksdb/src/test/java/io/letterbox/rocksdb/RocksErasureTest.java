package io.letterbox.rocksdb;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.ErasureContract;
import io.letterbox.store.KeyValueStore;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Erasure of users and legal hold on the embedded RocksDB store. */
class RocksErasureTest extends ErasureContract {
  @TempDir
  Path dir;

  private int stores;

  @Override
  protected KeyValueStore openStore() {
    return RocksStore.open(dir.resolve("store-" + stores++), Letterbox.SPACES, TestStores.SMALL);
  }
}
