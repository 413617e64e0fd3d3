package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.engine.apply.Applier;
import io.letterbox.id.IdGenerator;
import io.letterbox.store.KeyValueStore;
import java.util.ArrayList;
import java.util.List;
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
 * multi-row transactions, which HBase does not have. Decisions and appliers read through the
 * pending batch ({@link Applier}), so they see every earlier command whether or not its batch was
 * written yet, exactly as a replay of the log sees it. The durability wait of one group overlaps
 * the decisions of the next.
 */
public final class Sequencer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Sequencer.class);
  private static final int MAX_GROUP = 1024;
  /** A group whose batch grows past this many mutations (big imports, big broadcasts) is written early. */
  private static final int MAX_MUTATIONS = 200_000;

  private final EngineContext context;
  private final Applier applier;
  private final Consumer<Decision.Logged> afterVisible;
  private final BlockingQueue<Command<?>> queue;
  private final Thread thread;
  private volatile boolean running = true;

  /** Actions of the pending batch, told to {@code afterVisible} once it is written. */
  private final List<Decision.Logged> visibleEffects = new ArrayList<>();
  /** Commands whose answers wait for the pending batch. */
  private final List<PendingResult<?>> pending = new ArrayList<>();

  /**
   * @param afterVisible told of each logged action once it is visible to readers; runs on the
   *     sequencer thread, so it must not read the store
   */
  public Sequencer(KeyValueStore store, LetterboxConfig config, IdGenerator ids, int queueCapacity,
      Consumer<Decision.Logged> afterVisible) {
    this.applier = new Applier(store, config, null);
    this.context = new EngineContext(applier.state(), ids, config);
    this.afterVisible = afterVisible;
    this.queue = new ArrayBlockingQueue<>(queueCapacity);
    this.thread = new Thread(this::run, "letterbox-sequencer");
    this.thread.setDaemon(true);
    this.thread.start();
  }

  /** Queues {@code command}; its future completes when it is durable or refused. */
  public <R> CompletableFuture<R> submit(Command<R> command) {
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
          if (applier.mutations() >= MAX_MUTATIONS) {
            flush();
          }
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
    pending.add(new PendingResult<>(command.future, decision.result()));
    try {
      for (Decision.Logged logged : decision.actions()) {
        applier.append(logged.logId(), logged.action(), ActionCodec.encode(logged.action()));
        visibleEffects.add(logged);
      }
    } catch (RuntimeException e) {
      // The batch holds part of an action: nothing of it may be written.
      log.error("applying {} failed", command.getClass().getSimpleName(), e);
      failPending(e);
    }
  }

  /** Writes the pending batch (visible now), and completes its commands once it is durable. */
  private void flush() {
    if (pending.isEmpty() && applier.mutations() == 0) {
      return;
    }
    List<PendingResult<?>> done = new ArrayList<>(pending);
    pending.clear();
    CompletableFuture<Void> durable;
    try {
      durable = applier.flush();
    } catch (RuntimeException e) {
      applier.discard();
      durable = CompletableFuture.failedFuture(e);
      visibleEffects.clear();
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
    visibleEffects.clear();
    applier.discard();
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
