package io.letterbox.engine;

import io.letterbox.store.KeyValueStore;
import io.letterbox.store.MemoryStore;

class MemoryDeliveryTest extends DeliveryContract {
  @Override
  protected KeyValueStore openStore() {
    return new MemoryStore(Letterbox.SPACES);
  }
}
