package io.letterbox.engine.partition;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.apply.Action;
import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.engine.apply.Applier;
import io.letterbox.engine.apply.Reach;
import io.letterbox.engine.read.StateReader;
import io.letterbox.engine.replay.Replayer;
import io.letterbox.engine.write.Command;
import io.letterbox.engine.write.Decision;
import io.letterbox.engine.write.Sequencer;
import io.letterbox.id.IdGenerator;
import io.letterbox.keys.JournalKey;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rows.JournalEntry;
import io.letterbox.store.Bytes;
import io.letterbox.store.FencedException;
import io.letterbox.store.KeyValueStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The writer of one partition on this node (decision 0007): taking the partition (a new epoch, a
 * fence entry in its journal, the replay of what its earlier writer left), its lane in the
 * node's sequencer, and its outbox, which delivers the parts of its actions that belong to other partitions until each is
 * acknowledged.
 */
public final class PartitionWriter implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(PartitionWriter.class);
  private static final Duration FIRST_RETRY = Duration.ofMillis(50);
  /** A delivery is cheap to try: its receiver's partition is usually back within seconds. */
  private static final Duration MAX_RETRY = Duration.ofSeconds(1);

  /** What a writer needs from the node hosting it. */
  public interface Host {
    /** A logged action is visible to readers (on the sequencer thread; must not read the store). */
    void visible(Decision.Logged logged);

    /**
     * Applies {@code origins}' parts in {@code partition}, wherever it is owned; completes when
     * durable there. {@code actions} are the origins' actions, for a partition hosted here.
     */
    CompletableFuture<Void> deliver(int partition, long[] origins, Action[] actions);

    /**
     * A batch of this partition is durable, with its actions and its owners' change-feed events
     * (on a store thread: must not block).
     */
    void durable(int partition, List<Decision.Logged> logged, List<io.letterbox.engine.feed.FeedEntry> events);

    /** The writer stopped taking commands: fenced by another, or a write failed. */
    void stopped(PartitionWriter writer, RuntimeException cause);
  }

  private final KeyValueStore store;
  private final Partitioning partitioning;
  private final int partition;
  private final long epoch;
  private final Host host;
  private final ScheduledExecutorService timer;
  private final Sequencer.Lane lane;

  /** Seqs with deliveries not yet acknowledged, and how many each still waits for. */
  private final TreeMap<Long, Integer> inFlight = new TreeMap<>();
  private long lastDurable;
  private long markWritten;
  /** Per action id with deliveries in flight: completes when all are acknowledged. */
  private final Map<Long, CompletableFuture<Void>> waiting = new ConcurrentHashMap<>();
  private volatile boolean closed;
  private java.util.concurrent.ScheduledFuture<?> marking;

  private PartitionWriter(KeyValueStore store, LetterboxConfig config, Partitioning partitioning, int partition,
      long epoch, long nextSeq, int day, Host host, ScheduledExecutorService timer, Sequencer sequencer) {
    this.store = store;
    this.partitioning = partitioning;
    this.partition = partition;
    this.epoch = epoch;
    this.host = host;
    this.timer = timer;
    this.lastDurable = nextSeq - 1;
    this.markWritten = PartitionRecords.delivered(store, partition);
    Applier applier = new Applier(store, config, partitioning, partition, null);
    applier.commitFrom(epoch, nextSeq, day);
    int node = partitioning.count() == 1 ? config.node() : partition;
    // Ids only grow: a new writer starts above everything logged (by any partition).
    IdGenerator ids = new IdGenerator(config.clock(), node, StateReader.uncached(store, config, io.letterbox.engine.apply.ActionCodec::message).largestLoggedId());
    this.lane = sequencer.open(applier, ids, config, new Sequencer.Listener() {
      @Override
      public void visible(Decision.Logged logged) {
        host.visible(logged);
      }

      @Override
      public void durable(long seq, List<Applier.Outgoing> outgoing, List<Decision.Logged> logged,
          List<io.letterbox.engine.feed.FeedEntry> events) {
        PartitionWriter.this.durable(seq, outgoing);
        host.durable(partition, logged, events);
      }

      @Override
      public void stopped(RuntimeException cause) {
        host.stopped(PartitionWriter.this, cause);
      }
    });
  }

  /**
   * Takes partition {@code partition}: a new epoch, a fence entry after the last entry of its
   * journal, the replay of the entries its mark does not cover, and the deliveries its outbox
   * mark does not cover. From then on, an earlier writer's commits fail.
   */
  public static PartitionWriter take(KeyValueStore store, LetterboxConfig config, Partitioning partitioning,
      int partition, Host host, ScheduledExecutorService timer, Sequencer sequencer) {
    long epoch = PartitionRecords.nextEpoch(store, partition);
    long last = PartitionRecords.applied(store, partition);
    int fenceDay;
    while (true) {
      List<PartitionRecords.Entry> more = PartitionRecords.entriesAfter(store, partition, last, Integer.MAX_VALUE);
      if (!more.isEmpty()) {
        last = more.get(more.size() - 1).seq();
      }
      // Entries never go back a day (decision 0010): the fence's is at least its predecessor's.
      byte[] previous = last == 0 ? null : store.get(Spaces.JOURNAL, JournalKey.of(partition, last));
      fenceDay = Math.max(Applier.dayOf(config.clock().millis()), previous == null ? 0 : JournalEntry.decode(previous).day());
      try {
        store.write(store.newBatch().commit(Spaces.JOURNAL, JournalKey.of(partition, last + 1),
            new JournalEntry(epoch, new long[0], fenceDay).encode())).join();
        break;
      } catch (FencedException e) {
        // Another writer committed entry last + 1 meanwhile: read on.
      }
    }
    long fence = last + 1;
    long replayed = Replayer.recover(store, config, partitioning, partition, fence);
    if (replayed > 0) {
      log.info("partition {}: replayed {} actions its earlier writer had not applied", partition, replayed);
    }
    PartitionWriter writer = new PartitionWriter(store, config, partitioning, partition, epoch, fence + 1, fenceDay, host, timer,
        sequencer);
    writer.redeliver(config, fence);
    writer.marking = timer.scheduleWithFixedDelay(writer::writeMark, 1, 1, TimeUnit.SECONDS);
    return writer;
  }

  public int partition() {
    return partition;
  }

  public long epoch() {
    return epoch;
  }

  /** Whether it still takes commands. */
  public boolean running() {
    return !closed && lane.running();
  }

  public <R> CompletableFuture<R> submit(Command<R> command) {
    return lane.submit(command);
  }

  /** The seq of its last journal entry known durable. */
  public synchronized long durableSeq() {
    return lastDurable;
  }

  /** Completes when every delivery of action {@code id} is acknowledged (at once if it has none). */
  public CompletableFuture<Void> delivered(long id) {
    CompletableFuture<Void> f = waiting.get(id);
    return f == null ? CompletableFuture.completedFuture(null) : f.copy();
  }

  /** Stops taking commands, finishes the queued ones, and writes its outbox mark. */
  @Override
  public void close() {
    closed = true;
    lane.close();
    if (marking != null) {
      marking.cancel(false);
    }
    writeMark();
  }

  /** Deliveries its earlier writer may not have made: the entries after the outbox mark. */
  private void redeliver(LetterboxConfig config, long fence) {
    long after = PartitionRecords.delivered(store, partition);
    while (after < fence) {
      List<PartitionRecords.Entry> entries = PartitionRecords.entriesAfter(store, partition, after, 256);
      if (entries.isEmpty()) {
        break;
      }
      for (PartitionRecords.Entry e : entries) {
        List<Applier.Outgoing> outgoing = new ArrayList<>();
        for (long id : e.entry().applied()) {
          if (JournalEntry.isDelivery(id)) {
            continue;
          }
          byte[] v = store.get(Spaces.LOG, LogKey.of(id));
          if (v == null) {
            continue;
          }
          Action action = ActionCodec.decode(v);
          int[] reach = Reach.of(action, store, config, partitioning, partition);
          if (reach.length > 0) {
            outgoing.add(new Applier.Outgoing(id, action, reach));
          }
        }
        durable(e.seq(), outgoing);
        after = e.seq();
      }
    }
  }

  /** Entry {@code seq} is durable: hands its outgoing parts to their partitions. */
  private void durable(long seq, List<Applier.Outgoing> outgoing) {
    Map<Integer, List<Applier.Outgoing>> byPartition = new HashMap<>();
    for (Applier.Outgoing o : outgoing) {
      for (int p : o.partitions()) {
        byPartition.computeIfAbsent(p, k -> new ArrayList<>()).add(o);
      }
      waiting.put(o.id(), new CompletableFuture<>());
    }
    synchronized (this) {
      lastDurable = Math.max(lastDurable, seq);
      if (!byPartition.isEmpty()) {
        inFlight.merge(seq, byPartition.size(), Integer::sum);
      }
    }
    if (byPartition.isEmpty()) {
      return;
    }
    // An action's future completes once all partitions it reaches acknowledged.
    Map<Long, Integer> remaining = new ConcurrentHashMap<>();
    for (Applier.Outgoing o : outgoing) {
      remaining.put(o.id(), o.partitions().length);
    }
    for (Map.Entry<Integer, List<Applier.Outgoing>> e : byPartition.entrySet()) {
      long[] origins = e.getValue().stream().mapToLong(Applier.Outgoing::id).toArray();
      Action[] actions = e.getValue().stream().map(Applier.Outgoing::action).toArray(Action[]::new);
      send(seq, e.getKey(), origins, actions, remaining, FIRST_RETRY);
    }
  }

  private void send(long seq, int target, long[] origins, Action[] actions, Map<Long, Integer> remaining,
      Duration retry) {
    if (closed) {
      return; // the partition's next writer delivers them again
    }
    host.deliver(target, origins, actions).whenComplete((ok, error) -> {
      if (error != null) {
        // Normal while the target partition moves; worth a warning once it has taken a while.
        if (retry.equals(MAX_RETRY)) {
          log.warn("partition {}: delivery of {} actions to partition {} still failing ({}); retrying every {}",
              partition, origins.length, target, error.toString(), retry);
        } else {
          log.debug("partition {}: delivery to partition {} failed, retrying in {}", partition, target, retry, error);
        }
        Duration next = retry.multipliedBy(2).compareTo(MAX_RETRY) > 0 ? MAX_RETRY : retry.multipliedBy(2);
        timer.schedule(() -> send(seq, target, origins, actions, remaining, next), retry.toMillis(),
            TimeUnit.MILLISECONDS);
        return;
      }
      for (long id : origins) {
        if (remaining.merge(id, -1, Integer::sum) == 0) {
          CompletableFuture<Void> f = waiting.remove(id);
          if (f != null) {
            f.complete(null);
          }
        }
      }
      synchronized (this) {
        inFlight.computeIfPresent(seq, (s, n) -> n == 1 ? null : n - 1);
      }
    });
  }

  /** Writes the outbox mark: every delivery of entries up to it was acknowledged. */
  private void writeMark() {
    long mark;
    synchronized (this) {
      mark = inFlight.isEmpty() ? lastDurable : inFlight.firstKey() - 1;
      if (mark <= markWritten) {
        return;
      }
      markWritten = mark;
    }
    try {
      store.write(store.newBatch().put(Spaces.STATE, PartitionRecords.deliveredKey(partition), Bytes.ofLong(mark))).join();
    } catch (RuntimeException e) {
      log.debug("partition {}: outbox mark not written", partition, e);
    }
  }
}
