package io.letterbox.engine;

import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.store.KeyValueStore;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs broadcast fan-outs (reached records for receivers unrelated to the sender) in two lanes,
 * normal and high priority, each with its own threads, so that a big segment broadcast does not
 * hold up an urgent one. A running job spreads its receivers over up to one thread per core
 * (at most four). A job's row outlives a crash; {@link #resume} starts it again, and a
 * second run writes the same records.
 */
final class BroadcastJobs implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(BroadcastJobs.class);

  private final KeyValueStore store;
  private final Sequencer sequencer;
  private final ExecutorService normal;
  private final ExecutorService high;
  /** Threads that take a part of a running fan-out: a job uses every core while it runs. */
  private final ExecutorService parts = Executors.newCachedThreadPool(named("letterbox-fanout-part"));
  private final int partsPerJob = Math.min(4, Runtime.getRuntime().availableProcessors());
  private final Set<Long> running = ConcurrentHashMap.newKeySet();
  private final Set<Long> submitted = ConcurrentHashMap.newKeySet();

  BroadcastJobs(KeyValueStore store, Sequencer sequencer, LetterboxConfig config) {
    this.store = store;
    this.sequencer = sequencer;
    this.normal = Executors.newFixedThreadPool(config.normalLaneThreads(), named("letterbox-fanout-normal"));
    this.high = Executors.newFixedThreadPool(config.highLaneThreads(), named("letterbox-fanout-high"));
  }

  /** Starts the fan-out of broadcast {@code id} if it has one pending. */
  void submit(long id) {
    byte[] row = store.get(Spaces.STATE, StateKey.job(id));
    if (row == null || !submitted.add(id)) {
      return;
    }
    BroadcastApplier.Job job = BroadcastApplier.decodeJob(id, row);
    boolean urgent = job.priority() == BroadcastRequest.Priority.HIGH.ordinal();
    (urgent ? high : normal).execute(() -> run(job));
  }

  /** Starts every fan-out a stopped process left unfinished. */
  void resume() {
    store.scan(Spaces.STATE, StateKey.jobs(), false, (k, v) -> {
      submit(StateKey.jobId(k));
      return true;
    });
  }

  boolean isRunning(long id) {
    return running.contains(id);
  }

  private void run(BroadcastApplier.Job job) {
    running.add(job.id());
    try {
      long paired = PairRecords.write(store, job.sender(), job.id(), job.blocks(), parts, partsPerJob);
      sequencer.submit(new CompleteBroadcastCommand(job.id(), job.sender())).join();
      log.debug("broadcast {} fanned out: {} new pairs", job.id(), paired);
    } catch (RuntimeException e) {
      // The job row stays: the next start resumes it.
      log.error("fan-out of broadcast {} failed; it resumes at the next start", job.id(), e);
    } finally {
      running.remove(job.id());
      submitted.remove(job.id());
    }
  }

  @Override
  public void close() {
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

  private static java.util.concurrent.ThreadFactory named(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }
}
