package io.letterbox.rocksdb;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.ReplayContract;
import io.letterbox.store.KeyValueStore;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Replays derive what the live writer derived, on the embedded RocksDB store. */
class RocksReplayTest extends ReplayContract {
  @TempDir
  Path dir;

  private int stores;

  @Override
  protected KeyValueStore openStore() {
    return RocksStore.open(dir.resolve("store-" + stores++), Letterbox.SPACES, TestStores.SMALL);
  }

  @Override
  protected int sequences() {
    return 6;
  }
}
