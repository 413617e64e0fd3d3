package io.letterbox.hbase;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.ReplayContract;
import io.letterbox.store.KeyValueStore;
import org.junit.jupiter.api.extension.ExtendWith;

/** Replays derive what the live writer derived, on HBase, whose batches are atomic per row only. */
@ExtendWith(MiniHBaseExtension.class)
class HBaseReplayTest extends ReplayContract {
  private final MiniHBase hbase;
  private int stores;

  HBaseReplayTest(MiniHBase hbase) {
    this.hbase = hbase;
  }

  @Override
  protected KeyValueStore openStore() {
    return hbase.emptyStore("replay" + stores++, Letterbox.SPACES);
  }

  @Override
  protected int sequences() {
    return 3;
  }

  @Override
  protected int actionsPerSequence() {
    return 100;
  }
}
