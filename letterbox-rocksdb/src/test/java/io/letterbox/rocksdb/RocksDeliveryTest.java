package io.letterbox.rocksdb;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.DeliveryContract;
import io.letterbox.store.KeyValueStore;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Delivery receipts on the embedded RocksDB store. */
class RocksDeliveryTest extends DeliveryContract {
  @TempDir
  Path dir;

  private int stores;

  @Override
  protected KeyValueStore openStore() {
    return RocksStore.open(dir.resolve("store-" + stores++), Letterbox.SPACES, TestStores.SMALL);
  }
}
