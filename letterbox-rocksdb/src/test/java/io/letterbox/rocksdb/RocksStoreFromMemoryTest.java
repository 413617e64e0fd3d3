package io.letterbox.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.NotInMemory;
import io.letterbox.store.Space;
import io.letterbox.store.WriteBatch;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads from memory only ({@link RocksStore#fromMemory}) answer what the write buffers and the
 * block cache hold, and refuse with {@link NotInMemory}, never with a wrong answer, what only the
 * table files on disk hold: a point read, a multi-get (whose plain form answers absent for a key it
 * could not read) and a scan.
 */
class RocksStoreFromMemoryTest {
  private static final Space SPACE = Space.plain("rows", 8);
  private static final KeyRange ALL = new KeyRange(Bytes.ofLong(0), Bytes.ofLong(100));

  @TempDir
  Path dir;

  @Test
  void rowsStillInTheWriteBufferAreAnsweredFromMemory() {
    try (RocksStore store = RocksStore.open(dir, List.of(SPACE), TestStores.SMALL)) {
      write(store, 1, 2, 3);

      assertThat(store.fromMemory(() -> store.get(SPACE, Bytes.ofLong(2)))).isEqualTo(Bytes.ofLong(20));
      assertThat(store.fromMemory(() -> store.multiGet(SPACE, List.of(Bytes.ofLong(1), Bytes.ofLong(9)))))
          .containsExactly(Bytes.ofLong(10), null);
      assertThat(store.fromMemory(() -> store.scan(SPACE, ALL, true, 10))).hasSize(3);
    }
  }

  @Test
  void rowsOnlyInTableFilesAreRefusedUntilAReadThatMayWaitCachesThem() {
    try (RocksStore store = RocksStore.open(dir, List.of(SPACE), TestStores.SMALL)) {
      write(store, 1, 2, 3);
      store.flush();
    }
    try (RocksStore store = RocksStore.open(dir, List.of(SPACE), TestStores.SMALL)) {
      assertThatThrownBy(() -> store.fromMemory(() -> store.get(SPACE, Bytes.ofLong(2)))).isSameAs(NotInMemory.INSTANCE);
      assertThatThrownBy(() -> store.fromMemory(() -> store.multiGet(SPACE, List.of(Bytes.ofLong(1), Bytes.ofLong(2)))))
          .isSameAs(NotInMemory.INSTANCE);
      assertThatThrownBy(() -> store.fromMemory(() -> store.scan(SPACE, ALL, false, 10)))
          .isSameAs(NotInMemory.INSTANCE);

      assertThat(store.scan(SPACE, ALL, false, 10)).hasSize(3);

      assertThat(store.fromMemory(() -> store.multiGet(SPACE, List.of(Bytes.ofLong(1), Bytes.ofLong(2)))))
          .containsExactly(Bytes.ofLong(10), Bytes.ofLong(20));
      assertThat(store.fromMemory(() -> store.scan(SPACE, ALL, false, 10))).hasSize(3);
    }
  }

  @Test
  void readsOutsideFromMemoryStillWaitForTheDisk() {
    try (RocksStore store = RocksStore.open(dir, List.of(SPACE), TestStores.SMALL)) {
      write(store, 1);
      store.flush();
    }
    try (RocksStore store = RocksStore.open(dir, List.of(SPACE), TestStores.SMALL)) {
      assertThatThrownBy(() -> store.fromMemory(() -> store.get(SPACE, Bytes.ofLong(1)))).isSameAs(NotInMemory.INSTANCE);
      assertThat(store.get(SPACE, Bytes.ofLong(1))).isEqualTo(Bytes.ofLong(10));
    }
  }

  private static void write(RocksStore store, long... keys) {
    WriteBatch batch = store.newBatch();
    for (long k : keys) {
      batch.put(SPACE, Bytes.ofLong(k), Bytes.ofLong(k * 10));
    }
    store.write(batch).join();
  }
}
