package io.letterbox.rocksdb;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.ScheduledContract;
import io.letterbox.store.KeyValueStore;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Scheduled messages on the embedded RocksDB store. */
class RocksScheduledTest extends ScheduledContract {
  @TempDir
  Path dir;

  private int stores;

  @Override
  protected KeyValueStore openStore() {
    return RocksStore.open(dir.resolve("store-" + stores++), Letterbox.SPACES, TestStores.SMALL);
  }
}
