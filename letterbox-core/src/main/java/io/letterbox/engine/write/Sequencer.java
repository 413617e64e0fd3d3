package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.NotOwnerException;
import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.engine.apply.Applier;
import io.letterbox.id.IdGenerator;
import io.letterbox.store.FencedException;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.WriteBatch;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The single writer of a node's partitions, or of its share of them when the node runs several
 * (decision 0030: one per core). Commands queue up, each for the {@link Lane} of the partition it
 * belongs to; one thread decides them in order, logs their actions and applies them, many
 * commands of many partitions to one storage batch, one section per partition with that
 * partition's journal entry as the section's commit point (decision 0007). A command's future
 * completes when the batch that holds its actions is durable, so one durable write acknowledges a
 * whole group of every partition the sequencer has: group commit.
 *
 * <p>Why one thread per partition's commands: every decision reads state (idempotency keys, caps,
 * read positions) that earlier commands change, and a single writer makes "check, then write"
 * exact without locks or multi-row transactions, which HBase does not have. Decisions and
 * appliers read through their partition's pending batch ({@link Applier}), so they see every
 * earlier command whether or not its batch was written yet, exactly as a replay of the journal
 * sees it. Why several partitions per sequencer rather than one each: a store write costs a few
 * round trips whatever its size (a WAL sync, or HBase's steps of multi-row calls), so partitions
 * share writes; why several sequencers per node: deciding, encoding and the store's memtable
 * inserts are CPU, one core's worth per sequencer, and the store joins the writes of concurrent
 * sequencers (RocksDB's write groups, one WAL sync for all).
 *
 * <p>A lane whose section cannot be written stops: its waiting and queued commands fail and its
 * {@link Listener} is told, so that the partition is taken again from what is durable. A section
 * refused because another writer took the partition fails its commands with
 * {@link ErrorCode#NOT_OWNER}; the other lanes of the batch go on. Sequencers share nothing: a
 * lane that stops on one leaves the others' lanes writing.
 */
public final class Sequencer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Sequencer.class);
  private static final int MAX_GROUP = 1024;
  /** A group in which one partition's batch grows past this many mutations (big imports, big broadcasts) is written early. */
  private static final int MAX_MUTATIONS = 200_000;

  /** What the sequencer tells a lane's partition. Called on the sequencer thread, or a store's completion thread for {@link #durable}. */
  public interface Listener {
    /** {@code logged} is visible to readers; must not read the store. */
    void visible(Decision.Logged logged);

    /**
     * Journal entry {@code seq}'s batch is durable; {@code outgoing} are its actions whose effects
     * reach other partitions, {@code logged} all its actions (those {@link #visible} was told of),
     * {@code events} its change-feed events (decision 0010).
     */
    void durable(long seq, List<Applier.Outgoing> outgoing, List<Decision.Logged> logged,
        List<io.letterbox.engine.feed.FeedEntry> events);

    /** The lane stopped because its section could not be written; its commands failed. */
    void stopped(RuntimeException cause);
  }

  private final KeyValueStore store;
  private final BlockingQueue<Queued> queue;
  private final Thread thread;
  private volatile boolean running = true;

  /** Lanes with commands or mutations in the pending group, in the order they got them. */
  private final Set<Lane> dirty = new LinkedHashSet<>();

  public Sequencer(KeyValueStore store, int queueCapacity, String name) {
    this.store = store;
    this.queue = new ArrayBlockingQueue<>(queueCapacity);
    this.thread = new Thread(this::run, "letterbox-sequencer-" + name);
    this.thread.setDaemon(true);
    this.thread.start();
  }

  /**
   * A lane for a partition's commands.
   *
   * @param applier the partition's applier, ready to commit ({@link Applier#commitFrom})
   */
  public Lane open(Applier applier, IdGenerator ids, LetterboxConfig config, Listener listener) {
    return new Lane(applier, new EngineContext(applier.state(), applier.batch(), ids, config), listener);
  }

  /** A command for a lane, or (command null) the lane's close. */
  private record Queued(Lane lane, Command<?> command, CompletableFuture<Void> closed) {}

  /** One partition's place in the sequencer. */
  public final class Lane {
    private final int partition;
    private final Applier applier;
    private final EngineContext context;
    private final Listener listener;
    private volatile boolean open = true;
    /** Its close was reached in the queue: what was queued before is written. */
    private boolean closed;
    private volatile RuntimeException failure;
    /** Actions of the pending batch, told to the listener once it is written, and again once durable. */
    private List<Decision.Logged> visibleEffects = new ArrayList<>();
    /** Commands whose answers wait for the pending batch. */
    private final List<PendingResult<?>> pending = new ArrayList<>();

    private Lane(Applier applier, EngineContext context, Listener listener) {
      this.partition = applier.partition();
      this.applier = applier;
      this.context = context;
      this.listener = listener;
    }

    /** Queues {@code command}; its future completes when it is durable or refused. */
    public <R> CompletableFuture<R> submit(Command<R> command) {
      if (!running()) {
        command.future.completeExceptionally(stoppedError());
      } else if (!queue.offer(new Queued(this, command, null))) {
        command.future.completeExceptionally(
            new LetterboxException(ErrorCode.OVERLOADED, "too many writes waiting; retry shortly"));
      }
      return command.future;
    }

    /** Whether it still takes commands. */
    public boolean running() {
      return open && failure == null && Sequencer.this.running;
    }

    /** Stops taking commands and waits until the ones queued before are written or refused. */
    public void close() {
      if (!open) {
        return;
      }
      open = false;
      if (Thread.currentThread() == thread) {
        Sequencer.this.flush();
        this.closed = true;
        return;
      }
      CompletableFuture<Void> closed = new CompletableFuture<>();
      try {
        queue.put(new Queued(this, null, closed));
        closed.get(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
        log.warn("partition {}: its queued writes were not finished in time", partition, e);
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
      dirty.add(this);
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
        // The batch holds part of an action: nothing of this partition's pending group may be written.
        log.error("applying {} failed", command.getClass().getSimpleName(), e);
        fail(new LetterboxException(ErrorCode.INTERNAL, "internal error"));
      }
    }

    /** Fails every command of the pending group and drops its writes. */
    private void fail(LetterboxException answer) {
      List<PendingResult<?>> failed = new ArrayList<>(pending);
      pending.clear();
      visibleEffects.clear();
      applier.discard();
      failed.forEach(p -> p.complete(answer));
    }

    /** Tells readers of the written group and completes its commands once {@code durable} does. */
    private void written(CompletableFuture<Void> durable) {
      List<PendingResult<?>> done = new ArrayList<>(pending);
      pending.clear();
      List<Decision.Logged> logged = visibleEffects;
      for (Decision.Logged effect : logged) {
        listener.visible(effect);
      }
      visibleEffects = new ArrayList<>();
      List<Applier.Outgoing> outgoing = applier.takeOutgoing();
      List<io.letterbox.engine.feed.FeedEntry> events = applier.takeEvents();
      long seq = applier.committedSeq();
      durable.whenComplete((ok, error) -> {
        if (error == null) {
          if (seq > 0) {
            listener.durable(seq, outgoing, logged, events);
          }
          done.forEach(p -> p.complete(null));
        } else {
          log.error("partition {}: a write could not be made durable", partition, error);
          LetterboxException answer = notDurable(error);
          done.forEach(p -> p.complete(answer));
          stop(error instanceof RuntimeException r ? r : new IllegalStateException(error));
        }
      });
    }

    private synchronized void stop(RuntimeException cause) {
      if (failure != null) {
        return;
      }
      failure = cause;
      listener.stopped(cause);
    }

    private LetterboxException stoppedError() {
      RuntimeException f = failure;
      return f instanceof FencedException || f == null
          ? new NotOwnerException(partition, "this node does not own partition " + partition + " now; retry shortly")
          : new LetterboxException(ErrorCode.NOT_READY, "the partition is recovering from a failed write; retry shortly");
    }
  }

  /**
   * The answer to the commands of a batch the store could not make durable: the store's trouble
   * (a full disk, an unreachable cluster), not the caller's and not a bug, so 503 with its cause.
   * Whether the batch took effect is unknown (it may have passed its commit point); a retry with
   * the same idempotency key is safe.
   */
  static LetterboxException notDurable(Throwable error) {
    return LetterboxException.storeTrouble("the store could not make the write durable", error,
        "it may or may not have taken effect: retry shortly, with the same idempotency key");
  }

  private void run() {
    List<Queued> group = new ArrayList<>(MAX_GROUP);
    while (running || !queue.isEmpty()) {
      try {
        Queued first = queue.poll(100, TimeUnit.MILLISECONDS);
        if (first == null) {
          continue;
        }
        group.add(first);
        queue.drainTo(group, MAX_GROUP - 1);
        ReadAhead readAhead = readAhead(group);
        for (int i = 0; i < group.size(); i++) {
          Queued q = group.get(i);
          boolean written = false;
          if (q.command() == null) {
            flush();
            written = true;
            q.lane().closed = true;
            q.closed().complete(null);
          } else if (q.lane().failure != null || q.lane().closed) {
            q.command().future.completeExceptionally(q.lane().stoppedError());
          } else {
            q.lane().context.readAhead(readAhead);
            q.lane().process(q.command());
            if (q.lane().applier.mutations() >= MAX_MUTATIONS) {
              flush();
              written = true;
            }
          }
          if (written && i + 1 < group.size()) {
            // What was read ahead may be stale now: the rest of the group reads ahead again.
            readAhead.invalidate();
            readAhead = readAhead(group.subList(i + 1, group.size()));
          }
        }
        flush();
        readAhead.invalidate();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (RuntimeException e) {
        log.error("sequencer group failed", e);
        for (Lane lane : dirty) {
          lane.fail(new LetterboxException(ErrorCode.INTERNAL, "internal error"));
          lane.stop(e);
        }
        dirty.clear();
      } finally {
        group.clear();
      }
    }
  }

  /** Reads what the group's commands will read, together; every lane's pending writes are empty now. */
  private ReadAhead readAhead(List<Queued> group) {
    ReadAhead readAhead = new ReadAhead();
    for (Queued q : group) {
      if (q.command() != null) {
        q.command().readAhead(readAhead);
      }
    }
    try {
      readAhead.fetch(store);
    } catch (RuntimeException e) {
      // Each command reads for itself then, and fails on its own if the store does.
      log.debug("reading ahead failed", e);
      readAhead.invalidate();
    }
    return readAhead;
  }

  /** Writes the pending group, one section per lane (visible now), and completes its commands once it is durable. */
  private void flush() {
    if (dirty.isEmpty()) {
      return;
    }
    List<Lane> lanes = new ArrayList<>(dirty);
    dirty.clear();
    WriteBatch batch = store.newBatch();
    for (int i = 0; i < lanes.size(); i++) {
      if (i > 0) {
        batch.section();
      }
      lanes.get(i).applier.flushInto(batch);
    }
    CompletableFuture<Void> durable;
    FencedException fenced = null;
    try {
      durable = store.write(batch);
    } catch (FencedException e) {
      fenced = e;
      durable = e.written();
    } catch (RuntimeException e) {
      log.error("a write failed", e);
      for (Lane lane : lanes) {
        lane.fail(notDurable(e));
        lane.stop(e);
      }
      return;
    }
    for (int i = 0; i < lanes.size(); i++) {
      Lane lane = lanes.get(i);
      if (fenced != null && fenced.taken(i)) {
        lane.fail(new NotOwnerException(lane.partition,
            "this node no longer owns partition " + lane.partition + "; retry shortly"));
        lane.stop(fenced);
      } else {
        lane.written(durable);
      }
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
