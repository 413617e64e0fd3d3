package io.letterbox.engine.fanout;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.NotOwnerException;
import io.letterbox.engine.read.StateReader;
import io.letterbox.model.Broadcast;
import io.letterbox.rows.FanoutJobRow;
import io.letterbox.store.KeyValueStore;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs broadcast fan-outs (reached records for the receivers of uid lists and segments) in two
 * lanes, normal and high priority, each with its own threads, so that a big segment broadcast
 * does not hold up an urgent one. A running job spreads its receivers over up to one thread per
 * core (at most four). A job that fails (a store error, normal on HBase while a region moves) is
 * tried again after a delay that doubles each time; after {@code fanoutAttempts} tries it is
 * {@linkplain Broadcast.Status#FAILED failed} until a restart or {@link #submit} resumes it. A
 * job's row outlives a crash; {@link #resume} starts it again, and a second run writes the same
 * records.
 */
public final class BroadcastJobs implements AutoCloseable {
  /** Logs that a fan-out finished; completes once that is durable. */
  @FunctionalInterface
  public interface Completion {
    CompletableFuture<Void> completed(long id, long sender);
  }

  private static final Logger log = LoggerFactory.getLogger(BroadcastJobs.class);
  private static final Duration MAX_DELAY = Duration.ofMinutes(1);

  private final KeyValueStore store;
  private final StateReader state;
  private final Completion completion;
  private final int attempts;
  private final Duration firstDelay;
  private final ExecutorService normal;
  private final ExecutorService high;
  /** Threads that take a part of a running fan-out: a job uses every core while it runs. */
  private final ExecutorService parts = Executors.newCachedThreadPool(named("letterbox-fanout-part"));
  /** Reads a job's row and hands it to its lane, at once or after a retry's delay: never busy for long. */
  private final ScheduledExecutorService dispatch = Executors.newSingleThreadScheduledExecutor(named("letterbox-fanout-dispatch"));
  private final int partsPerJob = Math.min(4, Runtime.getRuntime().availableProcessors());
  /**
   * One sender's fan-outs run one at a time: each reads and extends the sender's paired blocks.
   * Senders share a lock by uid modulo its count, so consecutive uids never do.
   */
  private final Object[] senderLocks = new Object[64];
  private final Set<Long> submitted = ConcurrentHashMap.newKeySet();
  private final Set<Long> running = ConcurrentHashMap.newKeySet();
  private final Set<Long> failed = ConcurrentHashMap.newKeySet();

  public BroadcastJobs(KeyValueStore store, StateReader state, LetterboxConfig config, Completion completion) {
    this.store = store;
    this.state = state;
    this.completion = completion;
    this.attempts = config.fanoutAttempts();
    this.firstDelay = config.fanoutRetryDelay();
    this.normal = Executors.newFixedThreadPool(config.normalLaneThreads(), named("letterbox-fanout-normal"));
    this.high = Executors.newFixedThreadPool(config.highLaneThreads(), named("letterbox-fanout-high"));
    for (int i = 0; i < senderLocks.length; i++) {
      senderLocks[i] = new Object();
    }
  }

  /** Starts the fan-out of broadcast {@code id} (again, if it failed) unless it is under way. */
  public void submit(long id) {
    if (submitted.add(id)) {
      failed.remove(id);
      dispatch.execute(() -> start(id, 1));
    }
  }

  /** Starts every fan-out a stopped process left unfinished. */
  public void resume() {
    resume(sender -> true);
  }

  /** Starts again the jobs left by an earlier run whose senders {@code ofSender} accepts. */
  public void resume(java.util.function.LongPredicate ofSender) {
    for (long id : state.broadcastRows().jobIds()) {
      io.letterbox.rows.FanoutJobRow job = state.broadcastRows().job(id);
      if (job != null && ofSender.test(job.sender())) {
        submit(id);
      }
    }
  }

  /**
   * @return the status of a broadcast whose record does not say done: queued, running, or failed
   *     after its tries
   */
  public Broadcast.Status status(long id) {
    return failed.contains(id) ? Broadcast.Status.FAILED
        : running.contains(id) ? Broadcast.Status.RUNNING : Broadcast.Status.QUEUED;
  }

  /** Reads the job and hands it to its lane: a high-priority job never waits behind a normal one. */
  private void start(long id, int attempt) {
    FanoutJobRow job;
    try {
      job = state.broadcastRows().job(id);
    } catch (RuntimeException e) {
      retryOrFail(id, attempt, e);
      return;
    }
    if (job == null) {
      submitted.remove(id); // done meanwhile
    } else {
      (job.high() ? high : normal).execute(() -> run(job, attempt));
    }
  }

  private void run(FanoutJobRow job, int attempt) {
    running.add(job.id());
    try {
      long paired;
      synchronized (senderLocks[(int) Math.floorMod(job.sender(), (long) senderLocks.length)]) {
        paired = PairRecords.write(store, job.sender(), job.id(), job.blocks(), parts, partsPerJob);
      }
      completion.completed(job.id(), job.sender()).join();
      log.debug("broadcast {} fanned out: {} new pairs", job.id(), paired);
      submitted.remove(job.id());
    } catch (RuntimeException e) {
      if (notOwner(e)) {
        // The sender's partition moved to another node while this one fanned out: the new owner
        // resumes the job when it takes the partition, and completes it.
        log.info("broadcast {}: its sender's partition is hosted elsewhere now; its owner finishes the fan-out",
            job.id());
        submitted.remove(job.id());
      } else {
        retryOrFail(job.id(), attempt, e);
      }
    } finally {
      running.remove(job.id());
    }
  }

  private static boolean notOwner(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof NotOwnerException) {
        return true;
      }
    }
    return false;
  }

  private void retryOrFail(long id, int attempt, RuntimeException e) {
    if (attempt >= attempts || dispatch.isShutdown()) {
      failed.add(id);
      submitted.remove(id);
      log.error("fan-out of broadcast {} failed after {} tries; it is failed until the next start or a"
          + " resume (POST /v1/broadcasts/{}/resume)", id, attempt, id, e);
      return;
    }
    long delay = Math.min(MAX_DELAY.toMillis(), firstDelay.toMillis() << Math.min(attempt - 1, 20));
    log.warn("fan-out of broadcast {} failed (try {} of {}); trying again in {} ms", id, attempt, attempts, delay, e);
    dispatch.schedule(() -> start(id, attempt + 1), delay, TimeUnit.MILLISECONDS);
  }

  @Override
  public void close() {
    dispatch.shutdownNow();
    for (ExecutorService lane : new ExecutorService[] {high, normal}) {
      lane.shutdown();
    }
    try {
      normal.awaitTermination(60, TimeUnit.SECONDS);
      high.awaitTermination(60, TimeUnit.SECONDS);
      parts.shutdown(); // after the lanes: their jobs wait for their parts
      parts.awaitTermination(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static ThreadFactory named(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }
}
