package io.letterbox.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.Space;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Backups taken while the store is written: every write acknowledged before a backup started is in
 * it, batches are whole in it (each batch writes two spaces and a counter), a second backup adds
 * only what changed, and a restored directory opens as a store.
 */
class RocksBackupsTest {
  private static final Space MESSAGES = Space.plain("messages", 0);
  private static final Space INDEX = Space.plain("index", 0);
  private static final Space COUNTS = Space.counters("counts", 0);
  private static final List<Space> SPACES = List.of(MESSAGES, INDEX, COUNTS);
  private static final byte[] TOTAL = {0};

  @TempDir
  Path dir;

  @Test
  void aBackupTakenWhileWritingHoldsEveryWriteAcknowledgedBeforeItStartedAndWholeBatches() throws Exception {
    Set<Long> ackedBeforeBackup;
    int backupId;
    try (RocksStore store = RocksStore.open(dir.resolve("data"), SPACES, TestStores.SMALL);
         RocksBackups backups = RocksBackups.open(dir.resolve("backups"));
         Writers writers = new Writers(store)) {
      // Some in table files, some only in the memtables and the write-ahead log.
      await().atMost(Duration.ofSeconds(60)).until(() -> writers.acked.size() >= 5_000);
      store.flush();
      long before = writers.acked.size();
      await().atMost(Duration.ofSeconds(60)).until(() -> writers.acked.size() >= before + 5_000);

      ackedBeforeBackup = new TreeSet<>(writers.acked);
      backupId = backups.create(store, "first").id();
      long after = writers.acked.size();
      await().atMost(Duration.ofSeconds(60)).until(() -> writers.acked.size() >= after + 1_000);
    }

    Path restored = dir.resolve("restored");
    assertThat(RocksBackups.restore(dir.resolve("backups"), OptionalInt.empty(), restored)).isEqualTo(backupId);
    try (RocksStore store = RocksStore.open(restored, SPACES, TestStores.SMALL)) {
      List<Long> messages = keys(store, MESSAGES);
      assertThat(messages).containsAll(ackedBeforeBackup);
      assertThat(keys(store, INDEX)).isEqualTo(messages);
      assertThat(store.counter(COUNTS, TOTAL)).isEqualTo(messages.size());
    }
  }

  @Test
  void aSecondBackupAddsOnlyWhatChangedAndEachRestores() throws Exception {
    try (RocksStore store = RocksStore.open(dir.resolve("data"), SPACES, TestStores.SMALL);
         RocksBackups backups = RocksBackups.open(dir.resolve("backups"))) {
      write(store, 0, 20_000);
      store.flush();
      RocksBackups.Backup first = backups.create(store, "first");
      write(store, 20_000, 100);
      RocksBackups.Backup second = backups.create(store, "second");

      assertThat(backups.list()).extracting(RocksBackups.Backup::id, RocksBackups.Backup::metadata)
          .containsExactly(org.assertj.core.groups.Tuple.tuple(first.id(), "first"),
              org.assertj.core.groups.Tuple.tuple(second.id(), "second"));
      assertThat(first.bytes()).isGreaterThan(1_000_000);
      assertThat(second.bytes()).isLessThan(first.bytes() / 10);
      assertThat(second.totalBytes()).isGreaterThanOrEqualTo(first.totalBytes());
      assertThat(backups.nextId()).isEqualTo(second.id() + 1);
    }

    Path firstRestored = dir.resolve("first");
    RocksBackups.restore(dir.resolve("backups"), OptionalInt.of(1), firstRestored);
    try (RocksStore store = RocksStore.open(firstRestored, SPACES, TestStores.SMALL)) {
      assertThat(store.counter(COUNTS, TOTAL)).isEqualTo(20_000);
    }
    Path secondRestored = dir.resolve("second");
    RocksBackups.restore(dir.resolve("backups"), OptionalInt.empty(), secondRestored);
    try (RocksStore store = RocksStore.open(secondRestored, SPACES, TestStores.SMALL)) {
      assertThat(store.counter(COUNTS, TOTAL)).isEqualTo(20_100);
    }
  }

  @Test
  void aRestoreGoesOnlyIntoANewDirectoryAndNamesTheBackupsThereAre() throws Exception {
    try (RocksStore store = RocksStore.open(dir.resolve("data"), SPACES, TestStores.SMALL);
         RocksBackups backups = RocksBackups.open(dir.resolve("backups"))) {
      write(store, 0, 10);
      backups.create(store, "only");
    }
    Files.createDirectories(dir.resolve("used"));
    Files.writeString(dir.resolve("used").resolve("x"), "x");

    assertThatThrownBy(() -> RocksBackups.restore(dir.resolve("backups"), OptionalInt.empty(), dir.resolve("used")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not empty");
    assertThatThrownBy(() -> RocksBackups.restore(dir.resolve("backups"), OptionalInt.of(7), dir.resolve("new")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no backup 7").hasMessageContaining("[1]");
    assertThatThrownBy(() -> RocksBackups.restore(dir.resolve("none"), OptionalInt.empty(), dir.resolve("new")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("holds no backups");
  }

  private static void write(RocksStore store, long from, int count) {
    for (long n = from; n < from + count; n += 100) {
      var batch = store.newBatch();
      for (long i = n; i < Math.min(n + 100, from + count); i++) {
        batch.put(MESSAGES, Bytes.ofLong(i), randomBytes(200)).put(INDEX, Bytes.ofLong(i), new byte[0])
            .increment(COUNTS, TOTAL, 1);
      }
      store.write(batch).join();
    }
  }

  /** Values that do not compress, so that the files' sizes follow the data's. */
  private static byte[] randomBytes(int n) {
    byte[] bytes = new byte[n];
    java.util.concurrent.ThreadLocalRandom.current().nextBytes(bytes);
    return bytes;
  }

  private static List<Long> keys(RocksStore store, Space space) {
    List<Long> keys = new ArrayList<>();
    store.scan(space, new KeyRange(new byte[0], null), false, (k, v) -> keys.add(Bytes.getLong(k, 0)));
    return keys;
  }

  /** Threads writing numbered batches until closed, each number noted once its write is acknowledged. */
  private static final class Writers implements AutoCloseable {
    final Set<Long> acked = new ConcurrentSkipListSet<>();
    private final AtomicLong next = new AtomicLong();
    private final AtomicBoolean stop = new AtomicBoolean();
    private final List<Thread> threads = new ArrayList<>();

    Writers(RocksStore store) {
      for (int t = 0; t < 4; t++) {
        Thread thread = new Thread(() -> {
          while (!stop.get()) {
            long n = next.getAndIncrement();
            store.write(store.newBatch().put(MESSAGES, Bytes.ofLong(n), new byte[200])
                .put(INDEX, Bytes.ofLong(n), new byte[0]).increment(COUNTS, TOTAL, 1)).join();
            acked.add(n);
          }
        });
        thread.start();
        threads.add(thread);
      }
    }

    @Override
    public void close() throws InterruptedException {
      stop.set(true);
      for (Thread thread : threads) {
        thread.join();
      }
    }
  }
}
