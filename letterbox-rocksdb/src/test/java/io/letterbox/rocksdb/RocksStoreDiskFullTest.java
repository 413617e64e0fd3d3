package io.letterbox.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.letterbox.store.Bytes;
import io.letterbox.store.SmallDisk;
import io.letterbox.store.Space;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store whose disk filled refuses writes, goes on reading, and takes writes again once there is
 * room, reopening RocksDB under a reader that never stops reading: no read fails, and every
 * acknowledged write is there, then and after the store is opened again. The disk is a small tmpfs
 * of its own, so the test needs root (it is skipped otherwise).
 */
class RocksStoreDiskFullTest {
  private static final Space SPACE = Space.plain("values", 0);
  private static final byte[] VALUE = new byte[4000];

  @TempDir
  Path dir;
  SmallDisk disk;

  @BeforeEach
  void mountASmallDisk() throws Exception {
    disk = SmallDisk.mount(dir.resolve("disk"), "16m");
  }

  @AfterEach
  void unmount() throws Exception {
    if (disk != null) {
      disk.close();
    }
  }

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void writesAreRefusedWhileTheDiskIsFullAndTakenAgainOnceItHasRoomWhileReadsNeverFail() throws Exception {
    Path data = disk.path().resolve("data");
    List<Long> acknowledged = new ArrayList<>();
    AtomicBoolean reading = new AtomicBoolean(true);
    List<Throwable> readFailures = new CopyOnWriteArrayList<>();
    AtomicLong reads = new AtomicLong();
    try (RocksStore store = RocksStore.open(data, List.of(SPACE), TestStores.SMALL)) {
      for (long k = 0; k < 100; k++) {
        put(store, k);
        acknowledged.add(k);
      }
      Thread reader = new Thread(() -> {
        for (long k = 0; reading.get(); k = (k + 1) % 100) {
          try {
            assertThat(store.get(SPACE, Bytes.ofLong(k))).isEqualTo(VALUE);
            reads.incrementAndGet();
          } catch (Throwable t) {
            readFailures.add(t);
          }
        }
      });
      reader.start();

      Path filler = disk.fill();
      long next = 100;
      String refusal = null;
      // Each attempt is a write: RocksDB preallocated room in its log that lasts some of them.
      while (refusal == null && next < 100_000) {
        try {
          put(store, next);
          acknowledged.add(next++);
        } catch (RuntimeException e) {
          refusal = e.getMessage();
        }
      }
      assertThat(refusal).as("a write refused").containsIgnoringCase("no space left");
      long afterRefusal = reads.get();
      await("reads while the disk is full").atMost(Duration.ofMinutes(1)).until(() -> reads.get() > afterRefusal);

      Files.delete(filler);
      long resumed = next + 1;
      await("a write taken again").atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(100))
          .until(() -> tryPut(store, resumed));
      acknowledged.add(resumed);
      long afterReopen = reads.get();
      await("reads after the reopen").atMost(Duration.ofMinutes(1)).until(() -> reads.get() > afterReopen);
      reading.set(false);
      reader.join();
      assertThat(readFailures).as("reads that failed").isEmpty();
      for (long k : acknowledged) {
        assertThat(store.get(SPACE, Bytes.ofLong(k))).as("key %d", k).isEqualTo(VALUE);
      }
    }
    try (RocksStore reopened = RocksStore.open(data, List.of(SPACE), TestStores.SMALL)) {
      for (long k : acknowledged) {
        assertThat(reopened.get(SPACE, Bytes.ofLong(k))).as("key %d after a restart", k).isEqualTo(VALUE);
      }
    }
  }

  private static void put(RocksStore store, long key) {
    store.write(store.newBatch().put(SPACE, Bytes.ofLong(key), VALUE)).join();
  }

  private static boolean tryPut(RocksStore store, long key) {
    try {
      put(store, key);
      return true;
    } catch (RuntimeException stillRefused) {
      return false;
    }
  }

  static {
    Arrays.fill(VALUE, (byte) 7);
  }
}
