package io.letterbox.hbase;

import io.letterbox.store.KeyValueStore;
import io.letterbox.store.KeyValueStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(MiniHBaseExtension.class)
class HBaseStoreContractTest implements KeyValueStoreContract {
  private HBaseStore store;

  @BeforeEach
  void open(MiniHBase hbase) {
    store = hbase.emptyStore("contract", SPACES);
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
