package io.letterbox.rocksdb;

import static io.letterbox.rocksdb.AcknowledgingWriter.COUNTS;
import static io.letterbox.rocksdb.AcknowledgingWriter.INDEX;
import static io.letterbox.rocksdb.AcknowledgingWriter.LOADED;
import static io.letterbox.rocksdb.AcknowledgingWriter.LOAD_ENTRIES;
import static io.letterbox.rocksdb.AcknowledgingWriter.MESSAGES;
import static io.letterbox.rocksdb.AcknowledgingWriter.SPACES;
import static io.letterbox.rocksdb.AcknowledgingWriter.TOTAL;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.SortedLoad;
import io.letterbox.store.Space;
import io.letterbox.store.StoreException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RocksStoreDurabilityTest {
  @TempDir
  Path dir;

  @Test
  void acknowledgedWritesSurviveCloseAndReopen() {
    try (RocksStore store = RocksStore.open(dir, SPACES, TestStores.SMALL)) {
      List<CompletableFuture<Void>> futures = new ArrayList<>();
      for (long n = 0; n < 1000; n++) {
        futures.add(store.write(store.newBatch().put(MESSAGES, Bytes.ofLong(n), Bytes.ofLong(-n))
            .increment(COUNTS, TOTAL, 1)));
      }
      futures.forEach(CompletableFuture::join);
    }

    try (RocksStore store = RocksStore.open(dir, SPACES, TestStores.SMALL)) {
      assertThat(store.scan(MESSAGES, new KeyRange(new byte[0], null), false, 5000)).hasSize(1000);
      assertThat(store.get(MESSAGES, Bytes.ofLong(999))).isEqualTo(Bytes.ofLong(-999));
      assertThat(store.counter(COUNTS, TOTAL)).isEqualTo(1000);
    }
  }

  @Test
  void aCommittedSortedLoadSurvivesReopenAndAnAbandonedOneSealedOrNotLeavesNothing() throws Exception {
    try (RocksStore store = RocksStore.open(dir, SPACES, TestStores.SMALL)) {
      try (SortedLoad load = store.newSortedLoad(LOADED)) {
        for (int i = 0; i < LOAD_ENTRIES; i++) {
          load.put(AcknowledgingWriter.loadedKey(1, i), Bytes.ofLong(i));
        }
        load.commit().join();
      }
      try (SortedLoad abandoned = store.newSortedLoad(LOADED)) {
        for (int i = 0; i < LOAD_ENTRIES; i++) {
          abandoned.put(AcknowledgingWriter.loadedKey(2, i), Bytes.ofLong(i));
        }
        assertThat(dir.resolve("ingest")).isNotEmptyDirectory(); // a table file in the making
      }
      assertThat(dir.resolve("ingest")).isEmptyDirectory();
      try (SortedLoad sealed = store.newSortedLoad(LOADED)) {
        for (int i = 0; i < LOAD_ENTRIES; i++) {
          sealed.put(AcknowledgingWriter.loadedKey(3, i), Bytes.ofLong(i));
        }
        sealed.seal();
        assertThat(dir.resolve("ingest")).isNotEmptyDirectory(); // the table file, finished, not ingested
      }
      assertThat(dir.resolve("ingest")).isEmptyDirectory();
    }
    Files.writeString(dir.resolve("ingest").resolve("left-by-a-crash.sst"), "partial");

    try (RocksStore store = RocksStore.open(dir, SPACES, TestStores.SMALL)) {
      assertThat(store.scan(LOADED, KeyRange.prefix(Bytes.ofLong(1)), false, LOAD_ENTRIES + 1)).hasSize(LOAD_ENTRIES);
      assertThat(store.get(LOADED, AcknowledgingWriter.loadedKey(1, LOAD_ENTRIES - 1))).isEqualTo(Bytes.ofLong(LOAD_ENTRIES - 1));
      assertThat(store.scan(LOADED, KeyRange.prefix(Bytes.ofLong(2)), false, 10)).isEmpty();
      assertThat(store.scan(LOADED, KeyRange.prefix(Bytes.ofLong(3)), false, 10)).isEmpty();
    }
    assertThat(dir.resolve("ingest")).isEmptyDirectory();
  }

  @Test
  void closeMakesEveryAppliedWriteDurableAndCompletesItsFuture() {
    List<CompletableFuture<Void>> futures = new ArrayList<>();
    RocksStore store = RocksStore.open(dir, SPACES, TestStores.SMALL);
    for (long n = 0; n < 200; n++) {
      futures.add(store.write(store.newBatch().put(MESSAGES, Bytes.ofLong(n), new byte[0])));
    }

    store.close();

    assertThat(futures).allSatisfy(f -> assertThat(f).isCompleted().isNotCompletedExceptionally());
  }

  @Test
  void aClosedStoreRefusesCalls() {
    RocksStore store = RocksStore.open(dir, SPACES, TestStores.SMALL);
    store.close();
    store.close(); // idempotent

    assertThatIllegalStateException().isThrownBy(() -> store.get(MESSAGES, new byte[1]));
    assertThatIllegalStateException().isThrownBy(() -> store.write(store.newBatch().put(MESSAGES, new byte[1], new byte[1])));
  }

  @Test
  void reopeningWithoutASpaceTheStoreHoldsIsRefusedPlainly() {
    RocksStore.open(dir, SPACES, TestStores.SMALL).close();

    assertThatIllegalArgumentException().isThrownBy(() -> RocksStore.open(dir, List.of(MESSAGES), TestStores.SMALL))
        .withMessageContaining("index").withMessageContaining("counts");
  }

  @Test
  void reopeningWithANewSpaceAddsIt() {
    RocksStore.open(dir, List.of(MESSAGES), TestStores.SMALL).close();
    Space added = Space.plain("added", 0);

    try (RocksStore store = RocksStore.open(dir, List.of(MESSAGES, added), TestStores.SMALL)) {
      store.write(store.newBatch().put(added, new byte[1], new byte[1])).join();
      assertThat(store.get(added, new byte[1])).hasSize(1);
    }
  }

  @Test
  void aStoreOpenElsewhereCannotBeOpenedAgain() {
    try (RocksStore store = RocksStore.open(dir, SPACES, TestStores.SMALL)) {
      assertThatThrownBy(() -> RocksStore.open(dir, SPACES, TestStores.SMALL)).isInstanceOf(StoreException.class)
          .hasMessageContaining(dir.toString());
    }
  }

  /**
   * The real thing: a child JVM writes and acknowledges batches until it is killed with SIGKILL,
   * in the middle of writes and syncs; every batch it acknowledged must be there afterwards.
   */
  @Test
  void everyAcknowledgedWriteSurvivesKillDashNine() throws Exception {
    Path store = dir.resolve("store");
    Path stderr = dir.resolve("child.err");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        AcknowledgingWriter.class.getName(), store.toString())
        .redirectError(stderr.toFile())
        .start();
    List<Long> acknowledged = new ArrayList<>();
    List<Long> loads = new ArrayList<>();
    // Kill once enough is acknowledged (however long a busy machine takes), not after a fixed time.
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), UTF_8))) {
      String line;
      while ((acknowledged.size() < 3000 || loads.isEmpty()) && System.nanoTime() < deadline
          && (line = out.readLine()) != null) {
        if (line.startsWith("L")) {
          loads.add(Long.parseLong(line.substring(1)));
        } else {
          acknowledged.add(Long.parseLong(line));
        }
      }
      child.destroyForcibly(); // SIGKILL: no shutdown hooks, no close, writes in flight
      assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(acknowledged).as("acknowledged before the kill; child stderr: %s", Files.readString(stderr))
        .hasSizeGreaterThan(100);

    try (RocksStore reopened = RocksStore.open(store, SPACES, TestStores.SMALL)) {
      for (long n : acknowledged) {
        assertThat(reopened.get(MESSAGES, Bytes.ofLong(n))).as("message %s", n).isNotNull();
        assertThat(reopened.get(INDEX, Bytes.ofLong(n))).as("index %s", n).isEqualTo(Bytes.ofLong(n));
      }
      // Batches are atomic: every message that survived has its increment, and only those do.
      long messages = reopened.scan(MESSAGES, new KeyRange(new byte[0], null), false, Integer.MAX_VALUE).size();
      assertThat(reopened.counter(COUNTS, TOTAL)).isEqualTo(messages).isGreaterThanOrEqualTo(acknowledged.size());
      assertThat(loads).as("committed loads before the kill").isNotEmpty();
      for (long n : loads) {
        assertThat(reopened.scan(LOADED, KeyRange.prefix(Bytes.ofLong(n)), false, Integer.MAX_VALUE))
            .as("load %s", n).hasSize(LOAD_ENTRIES);
      }
    }
    assertThat(store.resolve("ingest")).isEmptyDirectory();
  }
}
