package io.letterbox.engine;

import io.letterbox.store.KeyValueStore;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * A full compaction of the store, started on request ({@code POST /v1/admin/compact}): what a
 * removal overwrote (decision 0042) then leaves the store's files, which compaction otherwise
 * rewrites only in its own time. One runs at a time; a request while one runs joins it.
 */
public final class StoreCompaction {
  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(StoreCompaction.class);

  private final KeyValueStore store;
  private final Executor runner;
  private CompletableFuture<Void> running = CompletableFuture.completedFuture(null);

  StoreCompaction(KeyValueStore store, Executor runner) {
    this.store = store;
    this.runner = runner;
  }

  /** Starts a compaction, or joins the one running. @return its completion */
  public synchronized CompletableFuture<Void> start() {
    if (running.isDone()) {
      running = CompletableFuture.runAsync(() -> {
        long started = System.nanoTime();
        store.compact();
        log.info("store compacted in {} ms", (System.nanoTime() - started) / 1_000_000);
      }, runner);
    }
    return running;
  }
}
