package io.letterbox.hbase;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxContract;
import io.letterbox.store.KeyValueStore;
import org.junit.jupiter.api.extension.ExtendWith;

/** The engine's semantics on HBase, whose batches are atomic per row only. */
@ExtendWith(MiniHBaseExtension.class)
class HBaseLetterboxTest extends LetterboxContract {
  private final MiniHBase hbase;

  /** The cluster comes through the constructor: the suite opens its store before any subclass hook. */
  HBaseLetterboxTest(MiniHBase hbase) {
    this.hbase = hbase;
  }

  @Override
  protected KeyValueStore openStore() {
    return hbase.emptyStore("engine", Letterbox.SPACES);
  }
}
