package io.letterbox.rocksdb;

import io.letterbox.engine.ClusterContract;
import io.letterbox.engine.Letterbox;
import io.letterbox.store.KeyValueStore;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Several engines sharing one RocksDB store in one process: the cluster's logic without a cluster. */
class RocksClusterTest extends ClusterContract {
  @TempDir
  Path dir;

  @Override
  protected KeyValueStore openStore() {
    return RocksStore.open(dir, Letterbox.SPACES, TestStores.SMALL);
  }
}
