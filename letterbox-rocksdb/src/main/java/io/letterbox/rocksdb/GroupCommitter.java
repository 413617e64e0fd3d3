package io.letterbox.rocksdb;

import io.letterbox.store.StoreException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Makes applied writes durable in groups: one WAL fsync for every write that was applied before it
 * started.
 *
 * <p>Writers apply their batch (unsynced, so it is visible at once) and then call
 * {@link #durable()}. One thread loops: it takes every future registered so far, fsyncs the WAL,
 * and completes them. A write registered while an fsync runs waits for the next one, so under load
 * each fsync covers all the writes that arrived during the previous one: the group size adapts to
 * the load and the disk without a timer. Because a future is registered only after its write was
 * applied, the fsync that completes it was started after the write, and so covers it.
 *
 * <p>Futures complete on the committer thread, so their dependent stages run there too: they must
 * not block (above all not wait for another write's future), or every writer waits with them.
 */
final class GroupCommitter implements AutoCloseable {
  /** The durability work, a seam for tests: {@code RocksDB::syncWal} in production. */
  @FunctionalInterface
  interface WalSync {
    void sync() throws Exception;
  }

  private final WalSync walSync;
  private final Thread thread;
  private final Object lock = new Object();
  private final AtomicLong syncs = new AtomicLong();
  private List<CompletableFuture<Void>> pending = new ArrayList<>(); // guarded by lock
  private boolean stopping; // guarded by lock

  GroupCommitter(String name, WalSync walSync) {
    this.walSync = walSync;
    this.thread = new CommitterThread(this::run, name);
    // A store that is never closed must not keep the JVM alive; closing syncs what is pending.
    this.thread.setDaemon(true);
    this.thread.start();
  }

  /**
   * @return a future completed once a WAL sync that started after this call has finished
   * @throws IllegalStateException when the committer is closed
   */
  CompletableFuture<Void> durable() {
    CompletableFuture<Void> future = new CompletableFuture<>();
    synchronized (lock) {
      if (stopping) {
        throw new IllegalStateException("the store is closed");
      }
      pending.add(future);
      if (pending.size() == 1) {
        lock.notify();
      }
    }
    return future;
  }

  /** @return how many syncs ran so far (how well writes are grouped: writes / syncs) */
  long syncCount() {
    return syncs.get();
  }

  boolean isCommitterThread() {
    return Thread.currentThread() == thread;
  }

  /** Whether the caller runs on the thread of some committer (completing its writes' futures). */
  static boolean onAnyCommitterThread() {
    return Thread.currentThread() instanceof CommitterThread;
  }

  private static final class CommitterThread extends Thread {
    CommitterThread(Runnable run, String name) {
      super(run, name);
    }
  }

  private void run() {
    while (true) {
      List<CompletableFuture<Void>> group;
      synchronized (lock) {
        while (pending.isEmpty() && !stopping) {
          try {
            lock.wait();
          } catch (InterruptedException e) {
            // Nobody but close() may stop this thread: pending writes need their sync.
          }
        }
        if (pending.isEmpty()) {
          return; // stopping, and everything registered has been synced
        }
        group = pending;
        pending = new ArrayList<>();
      }
      syncAndComplete(group);
    }
  }

  private void syncAndComplete(List<CompletableFuture<Void>> group) {
    Exception failure = null;
    try {
      walSync.sync();
      syncs.incrementAndGet();
    } catch (Exception e) {
      failure = e;
    }
    // complete() does not throw when a dependent stage does: that stage's own future fails.
    for (CompletableFuture<Void> future : group) {
      if (failure == null) {
        future.complete(null);
      } else {
        future.completeExceptionally(new StoreException("WAL sync failed; the write may be lost", failure));
      }
    }
  }

  /** Syncs and completes whatever is pending, then stops the thread. No writes may follow. */
  @Override
  public void close() {
    if (isCommitterThread()) {
      throw new IllegalStateException("a store must not be closed from a write-completion callback");
    }
    synchronized (lock) {
      stopping = true;
      lock.notify();
    }
    boolean interrupted = false;
    while (thread.isAlive()) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        interrupted = true; // the database must not close under a running sync
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
