package io.letterbox.hbase;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.ScheduledContract;
import io.letterbox.store.KeyValueStore;
import org.junit.jupiter.api.extension.ExtendWith;

/** Scheduled messages on HBase. */
@ExtendWith(MiniHBaseExtension.class)
class HBaseScheduledTest extends ScheduledContract {
  private final MiniHBase hbase;
  private int stores;

  /** The cluster comes through the constructor: the suite opens its store before any subclass hook. */
  HBaseScheduledTest(MiniHBase hbase) {
    this.hbase = hbase;
  }

  @Override
  protected KeyValueStore openStore() {
    // A test may open two stores (migrate): each gets its own namespace, shared with other classes.
    return hbase.emptyStore("engine" + stores++, Letterbox.SPACES);
  }
}
