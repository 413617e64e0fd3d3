package io.letterbox.rocksdb;

import io.letterbox.store.Bytes;
import io.letterbox.store.Space;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The child process of {@link RocksStoreDurabilityTest}'s kill test: writes numbered batches from
 * several threads, forever, and prints each number once its write is acknowledged as durable;
 * another thread does sorted loads and prints {@code L<n>} once load n is committed.
 * Usage: {@code AcknowledgingWriter <store dir>}.
 */
public final class AcknowledgingWriter {
  static final Space MESSAGES = Space.plain("messages", 0);
  static final Space INDEX = Space.plain("index", 4);
  static final Space COUNTS = Space.counters("counts", 0);
  static final Space LOADED = Space.plain("loaded", 8);
  static final List<Space> SPACES = List.of(MESSAGES, INDEX, COUNTS, LOADED);
  /** Entries of each sorted load (keys: load number, i): enough for a table file. */
  static final int LOAD_ENTRIES = RocksSortedLoad.MIN_TABLE_ENTRIES + 100;
  static final byte[] TOTAL = {0};
  private static final int THREADS = 4;

  public static void main(String[] args) {
    RocksStore store = RocksStore.open(Path.of(args[0]), SPACES, TestStores.SMALL);
    AtomicLong next = new AtomicLong();
    PrintStream out = System.out;
    for (int t = 0; t < THREADS; t++) {
      new Thread(() -> {
        while (true) {
          long n = next.getAndIncrement();
          byte[] key = Bytes.ofLong(n);
          store.write(store.newBatch()
                  .put(MESSAGES, key, new byte[100])
                  .put(INDEX, key, key)
                  .increment(COUNTS, TOTAL, 1))
              .join();
          synchronized (out) {
            out.println(n);
            out.flush();
          }
        }
      }).start();
    }
    new Thread(() -> {
      for (long n = 0; ; n++) {
        try (var load = store.newSortedLoad(LOADED)) {
          for (int i = 0; i < LOAD_ENTRIES; i++) {
            load.put(loadedKey(n, i), new byte[16]);
          }
          load.commit().join();
        }
        synchronized (out) {
          out.println("L" + n);
          out.flush();
        }
      }
    }).start();
  }

  static byte[] loadedKey(long load, int i) {
    byte[] key = new byte[12];
    Bytes.putLong(key, 0, load);
    key[8] = (byte) (i >>> 24);
    key[9] = (byte) (i >>> 16);
    key[10] = (byte) (i >>> 8);
    key[11] = (byte) i;
    return key;
  }
}
