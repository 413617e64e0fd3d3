package io.letterbox.hbase;

import io.letterbox.engine.ClusterContract;
import io.letterbox.engine.Letterbox;
import io.letterbox.store.KeyValueStore;
import org.junit.jupiter.api.extension.ExtendWith;

/** Several engines on one HBase namespace: fencing by the journal's check-and-mutate, delivery. */
@ExtendWith(MiniHBaseExtension.class)
class HBaseClusterTest extends ClusterContract {
  private final MiniHBase hbase;

  HBaseClusterTest(MiniHBase hbase) {
    this.hbase = hbase;
  }

  @Override
  protected KeyValueStore openStore() {
    return hbase.emptyStore("cluster", Letterbox.SPACES);
  }
}
