package io.letterbox.engine;

import io.letterbox.store.KeyValueStore;
import io.letterbox.store.MemoryStore;

class MemoryDisappearingTest extends DisappearingContract {
  @Override
  protected KeyValueStore openStore() {
    return new MemoryStore(Letterbox.SPACES);
  }
}
