package io.letterbox.store;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The reference implementation must pass the contract it is the reference for. */
class MemoryStoreContractTest implements KeyValueStoreContract {
  private MemoryStore store;

  @BeforeEach
  void open() {
    store = new MemoryStore(SPACES);
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Override
  public KeyValueStore store() {
    return store;
  }
}
