package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.NotOwnerException;
import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.engine.apply.Applier;
import io.letterbox.id.IdGenerator;
import io.letterbox.store.FencedException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A partition's single writer. Commands queue up; one thread decides them in order, logs their
 * actions and applies them, many commands to one storage batch. A command's future completes when
 * the batch that holds its actions is durable, so one durable write (one WAL sync) acknowledges a
 * whole group: group commit.
 *
 * <p>Why one thread: every decision reads state (idempotency keys, caps, read positions) that
 * earlier commands change, and a single writer makes "check, then write" exact without locks or
 * multi-row transactions, which HBase does not have. Decisions and appliers read through the
 * pending batch ({@link Applier}), so they see every earlier command whether or not its batch was
 * written yet, exactly as a replay of the journal sees it. The durability wait of one group
 * overlaps the decisions of the next.
 *
 * <p>A batch that cannot be written stops the sequencer: every command waiting or queued fails,
 * and the {@link Listener} is told, so that the partition is taken again from what is durable
 * (decision 0007). A batch refused because another writer took the partition fails its commands
 * with {@link ErrorCode#NOT_OWNER}.
 */
public final class Sequencer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Sequencer.class);
  private static final int MAX_GROUP = 1024;
  /** A group whose batch grows past this many mutations (big imports, big broadcasts) is written early. */
  private static final int MAX_MUTATIONS = 200_000;

  /** What the sequencer tells its partition. Called on the sequencer thread, or a store's completion thread for {@link #durable}. */
  public interface Listener {
    /** {@code logged} is visible to readers; must not read the store. */
    void visible(Decision.Logged logged);

    /**
     * Journal entry {@code seq}'s batch is durable; {@code outgoing} are its actions whose effects
     * reach other partitions.
     */
    void durable(long seq, List<Applier.Outgoing> outgoing);

    /** The sequencer stopped because a batch could not be written; its commands failed. */
    void stopped(RuntimeException cause);
  }

  private final int partition;
  private final EngineContext context;
  private final Applier applier;
  private final Listener listener;
  private final BlockingQueue<Command<?>> queue;
  private final Thread thread;
  private volatile boolean running = true;
  private volatile RuntimeException failure;

  /** Actions of the pending batch, told to the listener once it is written. */
  private final List<Decision.Logged> visibleEffects = new ArrayList<>();
  /** Commands whose answers wait for the pending batch. */
  private final List<PendingResult<?>> pending = new ArrayList<>();

  /** @param applier the partition's applier, ready to commit ({@link Applier#commitFrom}) */
  public Sequencer(Applier applier, IdGenerator ids, LetterboxConfig config, int queueCapacity, Listener listener) {
    this.applier = applier;
    this.partition = applier.partition();
    this.context = new EngineContext(applier.state(), ids, config);
    this.listener = listener;
    this.queue = new ArrayBlockingQueue<>(queueCapacity);
    this.thread = new Thread(this::run, "letterbox-sequencer-" + applier.partition());
    this.thread.setDaemon(true);
    this.thread.start();
  }

  /** Queues {@code command}; its future completes when it is durable or refused. */
  public <R> CompletableFuture<R> submit(Command<R> command) {
    if (!running) {
      command.future.completeExceptionally(stoppedError());
    } else if (!queue.offer(command)) {
      command.future.completeExceptionally(
          new LetterboxException(ErrorCode.OVERLOADED, "too many writes waiting; retry shortly"));
    } else if (!running) {
      // Stopped between the check and the offer: the thread may have drained the queue already.
      failQueued();
    }
    return command.future;
  }

  /** Whether it still takes commands. */
  public boolean running() {
    return running;
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
          if (failure != null) {
            c.future.completeExceptionally(stoppedError());
            continue;
          }
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
        stop(e);
      } finally {
        group.clear();
      }
    }
    failQueued();
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
        if (logged.delivered()) {
          applier.deliver(logged.logId(), logged.action());
        } else {
          applier.append(logged.logId(), logged.action(), ActionCodec.encode(logged.action()));
        }
        visibleEffects.add(logged);
      }
    } catch (RuntimeException e) {
      // The batch holds part of an action: nothing of it may be written.
      log.error("applying {} failed", command.getClass().getSimpleName(), e);
      List<PendingResult<?>> failed = new ArrayList<>(pending);
      pending.clear();
      visibleEffects.clear();
      applier.discard();
      failed.forEach(p -> p.complete(new LetterboxException(ErrorCode.INTERNAL, "internal error")));
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
      visibleEffects.clear();
      LetterboxException answer = answerFor(e);
      done.forEach(p -> p.complete(answer));
      stop(e);
      return;
    }
    for (Decision.Logged effect : visibleEffects) {
      listener.visible(effect);
    }
    visibleEffects.clear();
    List<Applier.Outgoing> outgoing = applier.takeOutgoing();
    long seq = applier.committedSeq();
    durable.whenComplete((ok, error) -> {
      if (error == null) {
        if (seq > 0) {
          listener.durable(seq, outgoing);
        }
        done.forEach(p -> p.complete(null));
      } else {
        log.error("a write could not be made durable", error);
        LetterboxException answer = new LetterboxException(ErrorCode.INTERNAL, "the write could not be made durable");
        done.forEach(p -> p.complete(answer));
        stop(error instanceof RuntimeException r ? r : new IllegalStateException(error));
      }
    });
  }

  private LetterboxException answerFor(RuntimeException e) {
    if (e instanceof FencedException) {
      return new NotOwnerException(partition, "this node no longer owns partition " + partition + "; retry shortly");
    }
    log.error("a write failed", e);
    return new LetterboxException(ErrorCode.INTERNAL, "the write could not be made durable");
  }

  private synchronized void stop(RuntimeException cause) {
    if (failure != null) {
      return;
    }
    failure = cause;
    running = false;
    listener.stopped(cause);
  }

  private LetterboxException stoppedError() {
    return failure instanceof FencedException || failure == null
        ? new NotOwnerException(partition, "this node does not own partition " + partition + " now; retry shortly")
        : new LetterboxException(ErrorCode.NOT_READY, "the partition is recovering from a failed write; retry shortly");
  }

  private void failQueued() {
    Command<?> c;
    while ((c = queue.poll()) != null) {
      c.future.completeExceptionally(stoppedError());
    }
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
    void complete(LetterboxException error) {
      if (error == null) {
        future.complete(result);
      } else {
        future.completeExceptionally(error);
      }
    }
  }
}
