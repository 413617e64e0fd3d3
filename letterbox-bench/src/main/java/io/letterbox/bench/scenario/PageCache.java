package io.letterbox.bench.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Empties the operating system's page cache ({@code sync; echo 3 > /proc/sys/vm/drop_caches}),
 * which only root may do, so that a read after a restart finds nothing in memory. It drops the
 * cache of the whole machine, not only the bench's files. A failed drop does not stop the run:
 * it is counted and said in the report.
 */
final class PageCache {
  private static final Path DROP = Path.of("/proc/sys/vm/drop_caches");

  private final String notDropped;
  private final AtomicLong failures = new AtomicLong();
  private final AtomicReference<String> firstFailure = new AtomicReference<>();

  /** @param keep whether to leave the page cache alone whatever the user */
  PageCache(boolean keep) {
    if (keep) {
      notDropped = "--keep-page-cache";
    } else if (!"root".equals(System.getProperty("user.name"))) {
      notDropped = "not root";
    } else {
      notDropped = null;
    }
  }

  /** Whether {@link #drop} empties the cache. */
  boolean drops() {
    return notDropped == null;
  }

  /** What the report says about it. */
  String note() {
    if (!drops()) {
      return "page cache not dropped: " + notDropped;
    }
    String failed = failures.get() == 0 ? ""
        : "; " + failures.get() + " drop(s) failed, first: " + firstFailure.get();
    return "OS page cache dropped before each restart's start (sync; echo 3 > /proc/sys/vm/drop_caches, as root)" + failed;
  }

  /**
   * What an in-process restart leaves behind that a restart of the process would not, taken away
   * while the targets are stopped: the closed targets' garbage in the bench's heap, collected
   * (a new process starts with an empty heap: its first reads would not wait for a collection of
   * the old one's caches), and the page cache, dropped ({@link #drop}).
   */
  void asANewProcess() {
    System.gc();
    drop();
  }

  /** What the report says about {@link #asANewProcess}'s collection. */
  static String heapNote() {
    return "the bench's heap collected (System.gc()) at each restart while the targets were stopped, as a new process"
        + " would start with an empty one";
  }

  /** Syncs and drops the page cache, if it {@link #drops}; never throws. */
  void drop() {
    if (!drops()) {
      return;
    }
    try {
      Process sync = new ProcessBuilder("sync").inheritIO().start();
      if (!sync.waitFor(5, TimeUnit.MINUTES) || sync.exitValue() != 0) {
        throw new IOException("sync did not finish");
      }
      Files.writeString(DROP, "3");
    } catch (IOException | RuntimeException e) {
      failed(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failed(e);
    }
  }

  private void failed(Exception e) {
    failures.incrementAndGet();
    firstFailure.compareAndSet(null, e.getClass().getSimpleName() + ": " + e.getMessage());
  }
}
