package io.letterbox.engine;

import io.letterbox.store.KeyValueStore;
import io.letterbox.store.MemoryStore;

class MemoryScheduledTest extends ScheduledContract {
  @Override
  protected KeyValueStore openStore() {
    return new MemoryStore(Letterbox.SPACES);
  }
}
