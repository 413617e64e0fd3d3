package io.letterbox.engine;

import io.letterbox.store.KeyValueStore;
import io.letterbox.store.MemoryStore;

class MemoryGroupTest extends GroupContract {
  @Override
  protected KeyValueStore openStore() {
    return new MemoryStore(Letterbox.SPACES);
  }
}
