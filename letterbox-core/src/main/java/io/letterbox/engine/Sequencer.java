package io.letterbox.engine;

import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.log.ActionCodec;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.WriteBatch;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The single writer. Commands queue up; one thread decides them in order, logs their actions and
 * applies them, many commands to one storage batch. A command's future completes when the batch
 * that holds its actions is durable, so one durable write (one WAL sync) acknowledges a whole
 * group: group commit.
 *
 * <p>Why one thread: every decision reads state (idempotency keys, caps, read positions) that
 * earlier commands change, and a single writer makes "check, then write" exact without locks or
 * multi-row transactions, which HBase does not have. Decisions are a few microseconds; the disk
 * work is the store's, and the sync overlaps the next group's decisions.
 *
 * <p>Within a group, the batch is written (made visible, not yet durable) before any command
 * that {@linkplain Command#reads reads} what the group already {@linkplain Command#writes wrote}.
 */
final class Sequencer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Sequencer.class);
  private static final int MAX_GROUP = 1024;

  private final KeyValueStore store;
  private final EngineContext context;
  private final Applier applier;
  private final Consumer<Decision.Logged> afterVisible;
  private final BlockingQueue<Command<?>> queue;
  private final Thread thread;
  private volatile boolean running = true;

  /** The batch being built, the state it changes, and the commands waiting on it. */
  private WriteBatch batch;
  private final Set<Long> written = new HashSet<>();
  private final List<Runnable> completions = new ArrayList<>();
  private final List<Decision.Logged> visibleEffects = new ArrayList<>();
  private final List<PendingResult<?>> pending = new ArrayList<>();
  private long lastLogId;

  Sequencer(KeyValueStore store, EngineContext context, Applier applier, int queueCapacity,
      Consumer<Decision.Logged> afterVisible) {
    this.store = store;
    this.context = context;
    this.applier = applier;
    this.afterVisible = afterVisible;
    this.queue = new ArrayBlockingQueue<>(queueCapacity);
    this.batch = store.newBatch();
    this.thread = new Thread(this::run, "letterbox-sequencer");
    this.thread.setDaemon(true);
    this.thread.start();
  }

  /** Queues {@code command}; its future completes when it is durable or refused. */
  <R> CompletableFuture<R> submit(Command<R> command) {
    if (!running) {
      command.future.completeExceptionally(
          new LetterboxException(ErrorCode.NOT_READY, "the engine is closed"));
    } else if (!queue.offer(command)) {
      command.future.completeExceptionally(
          new LetterboxException(ErrorCode.OVERLOADED, "too many writes waiting; retry shortly"));
    }
    return command.future;
  }

  private void run() {
    List<Command<?>> group = new ArrayList<>(MAX_GROUP);
    while (running || !queue.isEmpty()) {
      try {
        Command<?> first = queue.poll(100, TimeUnit.MILLISECONDS);
        if (first == null) {
          continue;
        }
        group.add(first);
        queue.drainTo(group, MAX_GROUP - 1);
        for (Command<?> c : group) {
          process(c);
        }
        flush();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (RuntimeException e) {
        log.error("sequencer group failed", e);
        failPending(e);
      } finally {
        group.clear();
      }
    }
  }

  private <R> void process(Command<R> command) {
    for (long r : command.reads()) {
      if (written.contains(r)) {
        flush();
        break;
      }
    }
    Decision<R> decision;
    try {
      decision = command.decide(context);
    } catch (LetterboxException e) {
      command.future.completeExceptionally(e);
      return;
    } catch (RuntimeException e) {
      log.error("deciding {} failed", command.getClass().getSimpleName(), e);
      command.future.completeExceptionally(new LetterboxException(ErrorCode.INTERNAL, "internal error"));
      return;
    }
    for (Decision.Logged logged : decision.actions()) {
      batch.put(Spaces.LOG, LogKey.of(logged.logId()), ActionCodec.encode(logged.action()));
      applier.apply(logged.action(), batch);
      lastLogId = logged.logId();
      visibleEffects.add(logged);
    }
    if (!decision.actions().isEmpty()) {
      for (long w : command.writes()) {
        written.add(w);
      }
    }
    pending.add(new PendingResult<>(command.future, decision.result()));
  }

  /** Writes the batch (visible now), and completes its commands once it is durable. */
  private void flush() {
    if (pending.isEmpty() && batch.isEmpty()) {
      return;
    }
    List<PendingResult<?>> done = new ArrayList<>(pending);
    pending.clear();
    written.clear();
    CompletableFuture<Void> durable;
    if (batch.isEmpty()) {
      durable = CompletableFuture.completedFuture(null);
    } else {
      // Last in the batch, so a backend that applies it row by row marks only what landed.
      Replayer.markApplied(batch, lastLogId);
      try {
        durable = store.write(batch);
      } catch (RuntimeException e) {
        durable = CompletableFuture.failedFuture(e);
      }
      batch = store.newBatch();
    }
    for (Decision.Logged effect : visibleEffects) {
      afterVisible.accept(effect);
    }
    visibleEffects.clear();
    durable.whenComplete((ok, error) -> {
      for (PendingResult<?> p : done) {
        p.complete(error);
      }
    });
  }

  private void failPending(RuntimeException e) {
    for (PendingResult<?> p : pending) {
      p.complete(e);
    }
    pending.clear();
    written.clear();
    visibleEffects.clear();
    batch = store.newBatch();
  }

  /** Stops taking commands, finishes the queued ones, and waits for the thread. */
  @Override
  public void close() {
    running = false;
    try {
      thread.join(30_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private record PendingResult<R>(CompletableFuture<R> future, R result) {
    void complete(Throwable error) {
      if (error == null) {
        future.complete(result);
      } else {
        log.error("a write could not be made durable", error);
        future.completeExceptionally(
            new LetterboxException(ErrorCode.INTERNAL, "the write could not be made durable"));
      }
    }
  }
}
