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

  /**
   * The two namespaces of the engine suites, taken in turns: a sequence's live store is the one the
   * previous sequence migrated into (no engine runs on it), and its copy the previous live store,
   * emptied once the engine on it is closed. Each new namespace would cost the mini cluster 35
   * tables of 16 regions, about ten seconds or more.
   */
  @Override
  protected KeyValueStore openStore() {
    int store = stores++;
    return hbase.emptyStore("engine" + (store + 1) / 2 % 2, Letterbox.SPACES);
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
