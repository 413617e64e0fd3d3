package io.letterbox.engine;

import io.letterbox.store.KeyValueStore;
import io.letterbox.store.MemoryStore;

class MemoryLetterboxTest extends LetterboxContract {
  @Override
  protected KeyValueStore openStore() {
    return new MemoryStore(Letterbox.SPACES);
  }
}
