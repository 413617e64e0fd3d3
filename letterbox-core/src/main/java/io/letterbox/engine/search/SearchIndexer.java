package io.letterbox.engine.search;

import io.letterbox.engine.partition.PartitionRecords;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.keys.Spaces;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.SortedLoad;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live indexer: derives the search postings ({@link SearchPostings}) of the partitions a
 * node hosts from their journals, behind the writers (decision 0012): woken when a partition's batch is durable, it reads the entries after
 * what it has read of the partition, analyses the texts of their messages into postings, builds
 * their load, and hands it to the loader, which commits it, then writes the partition's index
 * mark. A send pays nothing for it on the sequencer.
 *
 * <p>The analysis (smartcn's segmentation: as much CPU per message as the send itself) runs on a
 * thread at the lowest CPU priority ({@link LowPriority}): on a busy machine the writers come
 * first and the index falls behind, to catch up when the load eases; searches wait for it up to
 * search-wait. The same thread sorts a step's postings and builds their sorted load up to its
 * seal (RocksDB's table file, written and synced), which holds up no writer. What does enter the
 * store's write path — the load's commit, the mark — happens on the loader's thread, at normal
 * priority, so that the low one never holds up the writers from inside RocksDB (an ingestion
 * stops every write of the database while it runs).
 *
 * <p>The postings of a step are sorted and written as one sorted load: a few entries go through
 * the store's write path, many (a backlog) become a table file that RocksDB ingests without
 * memtable or WAL, far cheaper per posting. What a load covers is durable before the mark that
 * says so is written, so a crash loses at most postings the mark does not cover; they are written
 * again, as puts of the same keys. A whole store is indexed by {@link SearchRebuild} instead.
 */
public final class SearchIndexer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(SearchIndexer.class);
  /** Steps analysed ahead of the loader: one loading, one waiting. */
  private static final int STEPS_AHEAD = 2;

  private final KeyValueStore store;
  private final Partitioning partitioning;
  /** Null once closed: a thread still in a store call then keeps no engine alive. */
  private volatile IntToLongFunction durableSeq;
  private final Map<Integer, Follower> followers = new ConcurrentHashMap<>();
  /** Reads the journals, analyses their texts and builds their postings' loads, at low priority. */
  private final Thread analyser;
  /** Commits what the analyser gives it, in order, at normal priority. */
  private final ExecutorService loader;
  private final Semaphore ahead = new Semaphore(STEPS_AHEAD);
  private volatile boolean running = true;
  /** Set once a write on the loader gave up (at close): the later ones must not mark past it. */
  private volatile boolean abandoned;

  /** One hosted partition's progress. */
  private static final class Follower {
    final int partition;
    /** Every entry up to it is indexed and durable. */
    volatile long indexed;
    /** Every entry up to it is analysed (its postings written or handed to the loader); the analyser's alone. */
    long analysed;
    /** Whether the log from before journals (partition 0 of an old store) still waits. */
    volatile boolean legacy;
    /** Whether the analyser handed its indexing to the loader; the analyser's alone. */
    boolean legacyHandedOver;
    /** Waits for {@link #indexed} to reach a seq. */
    final TreeMap<Long, List<CompletableFuture<Void>>> waiting = new TreeMap<>();

    Follower(int partition, long mark) {
      this.partition = partition;
      this.indexed = mark;
      this.analysed = mark;
    }
  }

  /**
   * @param durableSeq the seq up to which a hosted partition's journal is durable here
   */
  public SearchIndexer(KeyValueStore store, Partitioning partitioning, IntToLongFunction durableSeq) {
    this.store = store;
    this.partitioning = partitioning;
    this.durableSeq = durableSeq;
    ThreadPoolExecutor loader = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
      Thread t = new Thread(r, "letterbox-index-loader");
      t.setDaemon(true);
      return t;
    });
    // Started here, at the engine's priority: a thread the analyser started would inherit its low one.
    loader.prestartAllCoreThreads();
    this.loader = loader;
    this.analyser = new Thread(this::run, "letterbox-indexer");
    this.analyser.setDaemon(true);
    this.analyser.start();
  }

  /** Follows partition {@code p} from its stored mark on (again if it was followed before). */
  public void follow(int p) {
    followers.compute(p, (k, old) -> {
      if (old != null) {
        return old;
      }
      Follower f = new Follower(p, JournalPostings.mark(store, p));
      f.legacy = p == 0 && f.indexed == 0 && PartitionRecords.journalBase(store) > 0;
      return f;
    });
    wake();
  }

  /** Stops following {@code p}; its waiting searches answer from what is indexed. */
  public void unfollow(int p) {
    Follower f = followers.remove(p);
    if (f != null) {
      synchronized (f) {
        f.waiting.values().forEach(list -> list.forEach(w -> w.complete(null)));
        f.waiting.clear();
      }
    }
  }

  /** Something may be new to index: a batch of a followed partition became durable. */
  public void wake() {
    LockSupport.unpark(analyser);
  }

  /** Completes once every entry of {@code p} up to {@code seq} is indexed (at once if {@code p} is not followed here). */
  public CompletableFuture<Void> indexed(int p, long seq) {
    Follower f = followers.get(p);
    if (f == null || f.indexed >= seq) {
      return CompletableFuture.completedFuture(null);
    }
    CompletableFuture<Void> w = new CompletableFuture<>();
    synchronized (f) {
      if (f.indexed >= seq) {
        return CompletableFuture.completedFuture(null);
      }
      f.waiting.computeIfAbsent(seq, k -> new ArrayList<>()).add(w);
    }
    wake();
    return w;
  }

  /** Journal entries hosted here that are durable and not yet indexed. */
  public long lag() {
    IntToLongFunction durable = durableSeq;
    long lag = 0;
    for (Follower f : followers.values()) {
      lag += durable == null ? 0 : Math.max(0, durable.applyAsLong(f.partition) - f.indexed);
    }
    return lag;
  }

  /**
   * Stops the threads (the loader after what it was given), then indexes, on the caller's thread,
   * what the (closed) writers left durable, so that a clean shutdown leaves nothing to catch up.
   */
  @Override
  public void close() {
    running = false;
    wake();
    try {
      analyser.join(10_000);
      loader.shutdown();
      loader.awaitTermination(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    durableSeq = null;
    for (Follower f : followers.values()) {
      try {
        while (step(f, Long.MAX_VALUE)) {
          // on until everything is indexed
        }
      } catch (RuntimeException e) {
        log.debug("partition {}: left to index at the next start", f.partition, e);
      }
    }
  }

  private void run() {
    LowPriority.lowerCurrentThread();
    while (running) {
      boolean worked = false;
      for (Follower f : followers.values()) {
        try {
          IntToLongFunction durable = durableSeq;
          if (durable != null) {
            worked |= analyse(f, durable.applyAsLong(f.partition));
          }
        } catch (RuntimeException e) {
          if (running) {
            log.warn("partition {}: search postings not read; trying again", f.partition, e);
          }
          LockSupport.parkNanos(100_000_000L);
        }
      }
      if (!worked) {
        LockSupport.parkNanos(1_000_000_000L);
      }
    }
  }

  /**
   * Analyses some of {@code f}'s entries up to {@code durable}, builds their postings' load up to
   * its seal and hands it to the loader: whether there were any.
   */
  private boolean analyse(Follower f, long durable) {
    if (f.legacy && !f.legacyHandedOver) {
      f.legacyHandedOver = true;
      handOver(() -> legacy(f));
    }
    PostingBatch postings = new PostingBatch();
    long upTo = JournalPostings.index(store, partitioning, f.partition, f.analysed, durable, postings);
    if (upTo == f.analysed) {
      return false;
    }
    SortedLoad load = null;
    try {
      load = sealedLoad(store, postings);
    } catch (RuntimeException e) {
      // The disk full, say: the loader writes the postings itself, and retries that, so the
      // analysis is not redone each time.
      log.debug("partition {}: search postings' load not built here; left to the loader", f.partition, e);
    }
    Step step = new Step(postings, load);
    f.analysed = upTo;
    handOver(new LoaderTask() {
      @Override
      public void write() {
        loaded(f, step, upTo);
      }

      @Override
      public void discard() {
        step.discard();
      }
    });
    return true;
  }

  /** What the loader is given: a write, and what to let go of once it is done or given up. */
  private interface LoaderTask {
    void write();

    default void discard() {}
  }

  /**
   * A step's postings and their load, sealed by the analyser (or none, if building it failed).
   * The loader commits the load; without one, or if the commit failed, it writes the postings in
   * a load of its own, unsealed (a load commits once; sealing is optional).
   */
  private static final class Step {
    final PostingBatch postings;
    /** Null once committed or given up. */
    SortedLoad load;

    Step(PostingBatch postings, SortedLoad load) {
      this.postings = postings;
      this.load = load;
    }

    /** Writes the postings; durable when it returns. */
    void write(KeyValueStore store) {
      SortedLoad sealed = load;
      load = null;
      if (sealed != null) {
        try (sealed) {
          sealed.commit().join();
        }
      } else {
        JournalPostings.load(store, postings);
      }
    }

    void discard() {
      if (load != null) {
        load.close();
        load = null;
      }
    }
  }

  /**
   * Runs {@code task} on the loader, in order, once fewer than {@value #STEPS_AHEAD} steps wait
   * there. A write that fails is tried again until it succeeds or the indexer closes; one that
   * gives up then is skipped with all after it, so that no mark passes it, and {@link #close}
   * indexes from the last mark.
   */
  private void handOver(LoaderTask task) {
    ahead.acquireUninterruptibly();
    loader.execute(() -> {
      try {
        while (!abandoned) {
          try {
            task.write();
            return;
          } catch (RuntimeException e) {
            if (!running) {
              abandoned = true;
              log.debug("search postings not written before close; indexed from the last mark", e);
              return;
            }
            log.warn("search postings not written; trying again", e);
            LockSupport.parkNanos(100_000_000L);
          }
        }
      } finally {
        task.discard();
        ahead.release();
      }
    });
  }

  /** Indexes some of {@code f}'s entries up to {@code durable} on the caller's thread, and marks them: whether there were any. */
  private boolean step(Follower f, long durable) {
    legacy(f);
    PostingBatch postings = new PostingBatch();
    long upTo = JournalPostings.index(store, partitioning, f.partition, f.indexed, durable, postings);
    if (upTo == f.indexed) {
      return false;
    }
    loaded(f, new Step(postings, null), upTo);
    return true;
  }

  /** Indexes the log from before journals if {@code f} still waits for it. */
  private void legacy(Follower f) {
    if (f.legacy) {
      JournalPostings.indexLegacyLog(store, partitioning);
      f.legacy = false;
    }
  }

  /** Writes {@code step}'s postings, then marks {@code f} indexed up to {@code upTo} and answers who waited for it. */
  private void loaded(Follower f, Step step, long upTo) {
    step.write(store);
    JournalPostings.dropRemoved(store, step.postings);
    f.indexed = upTo;
    // The postings are durable: the mark may say so (not waited for; lost, it only means more to
    // index again after a crash).
    JournalPostings.writeMark(store, f.partition, upTo);
    synchronized (f) {
      while (!f.waiting.isEmpty() && f.waiting.firstKey() <= upTo) {
        f.waiting.pollFirstEntry().getValue().forEach(w -> w.complete(null));
      }
    }
  }

  /** A load of {@code postings}, put in order and sealed, for its commit; null if there are none. */
  private static SortedLoad sealedLoad(KeyValueStore store, PostingBatch postings) {
    if (postings.isEmpty()) {
      return null;
    }
    SortedLoad load = store.newSortedLoad(Spaces.POSTINGS);
    try {
      postings.forEachInOrder(load::put);
      load.seal();
      return load;
    } catch (RuntimeException e) {
      load.close();
      throw e;
    }
  }

}
