package io.letterbox.engine.partition;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.NotOwnerException;
import io.letterbox.engine.Peers;
import io.letterbox.engine.Validate;
import io.letterbox.engine.apply.Action;
import io.letterbox.engine.feed.FeedEntry;
import io.letterbox.engine.write.Decision;
import io.letterbox.engine.write.DeliverCommand;
import io.letterbox.engine.write.Sequencer;
import io.letterbox.store.FencedException;
import io.letterbox.store.KeyValueStore;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The partitions this node hosts (decision 0007): one {@link PartitionWriter} each, on one of the
 * node's {@link Sequencer}s (decision 0030: one per core the process is given, at most one per
 * partition; a partition goes to the one with the fewest partitions and stays there), taken at
 * start (one process) or when the cluster assigns them, taken again when a write failed or
 * another writer fenced one, and released when the cluster moves them. The engine's APIs queue
 * their commands through its {@link PartitionCommands}; a partition not hosted here refuses them
 * with {@link NotOwnerException}, which the server forwards to its owner. The cluster's side of it
 * is {@link Partitions}.
 *
 * <p>What the node keeps current around the writes (caches, search, events) is told through a
 * {@link Listener}.
 */
public final class PartitionHost implements Partitions, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(PartitionHost.class);

  private static final Duration RETAKE_DELAY = Duration.ofSeconds(1);
  /** Commands waiting for the node's sequencers, all partitions together; past it a write is refused as overloaded. */
  private static final int QUEUE_CAPACITY = 65_536;

  /** What the node does as its partitions are taken, write and are released. */
  public interface Listener {
    /** A logged action is visible to readers (on the sequencer thread; must not read the store). */
    void visible(Decision.Logged logged);

    /**
     * A batch of partition {@code partition} is durable: its actions ({@code logged}, those
     * {@link #visible} was told of) and its owners' change-feed events (on a store thread: must
     * not block or read the store).
     */
    void durable(int partition, List<Decision.Logged> logged, List<FeedEntry> events);

    /** Partition {@code p} is hosted here now. */
    void taken(int p);

    /** Partition {@code p} is not hosted here any more. */
    void released(int p);

    /** Another node published broadcast (or group message) {@code id} of {@code sender}. */
    void published(long sender, long id);

    /** Another node fanned out broadcast {@code id} of {@code sender}. */
    void fannedOut(long sender, long id);

    /** The node is closing: stop what runs beside the writers, which finish their queued writes next. */
    void closing();
  }

  private final KeyValueStore store;
  private final LetterboxConfig config;
  private final Partitioning partitioning;
  private final Peers peers;
  private final boolean hostsAll;
  /** This node's writers, by partition; null where it hosts none. */
  private final AtomicReferenceArray<PartitionWriter> writers;
  /** The partitions this node was asked to host (all of them, without a cluster). */
  private final Set<Integer> assigned = ConcurrentHashMap.newKeySet();
  /** Why a partition is being taken again: the store failure that stopped its writer; null otherwise. */
  private final Map<Integer, RuntimeException> retaking = new ConcurrentHashMap<>();
  /** Partitions whose last take again failed too (logged once, not every try). */
  private final Set<Integer> retakeFailing = ConcurrentHashMap.newKeySet();
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "letterbox-partitions");
    t.setDaemon(true);
    return t;
  });
  /** Decide and write the commands of the partitions hosted here, each those of its own partitions. */
  private final Sequencer[] sequencers;
  /** The sequencer of each partition, by partition, once it was first taken here; -1 before. */
  private final int[] sequencerOf;
  /** How many partitions each sequencer has (those placed on it and not released). */
  private final int[] placed;
  private final PartitionCommands commands;
  private volatile Listener listener;
  private volatile boolean closed;

  /**
   * @param hostsAll whether this node hosts every partition (one process) or those the cluster
   *     assigns it
   */
  public PartitionHost(KeyValueStore store, LetterboxConfig config, Partitioning partitioning, Peers peers,
      boolean hostsAll) {
    this.store = store;
    this.config = config;
    this.partitioning = partitioning;
    this.peers = peers;
    this.hostsAll = hostsAll;
    this.writers = new AtomicReferenceArray<>(partitioning.count());
    int sequencerCount = config.sequencers() > 0 ? Math.min(config.sequencers(), partitioning.count())
        : sequencerCount(partitioning.count(), Runtime.getRuntime().availableProcessors());
    this.sequencers = new Sequencer[sequencerCount];
    for (int i = 0; i < sequencerCount; i++) {
      sequencers[i] = new Sequencer(store, QUEUE_CAPACITY / sequencerCount, "node-" + config.node() + "-" + i);
    }
    this.sequencerOf = new int[partitioning.count()];
    java.util.Arrays.fill(sequencerOf, -1);
    this.placed = new int[sequencerCount];
    this.commands = new PartitionCommands(config, partitioning, hostsAll, writers, this::writer);
  }

  /**
   * How many sequencers a node runs: one per core, since a sequencer is one thread that decides,
   * encodes and writes its partitions' commands; no more than the partitions, which are what they
   * divide.
   */
  static int sequencerCount(int partitions, int cores) {
    return Math.max(1, Math.min(partitions, cores));
  }

  /** Where the engine's APIs queue their commands and wait for their delivery. */
  public PartitionCommands commands() {
    return commands;
  }

  /**
   * Starts hosting: every partition at once for one process; else the node's writers are checked
   * every second against their partitions' epochs, since views of the cluster overlap for a
   * moment when members come and go (a node may take a partition another still believes it
   * hosts, and that one learns it only when it writes).
   */
  public void start(Listener listener) {
    this.listener = listener;
    if (hostsAll) {
      for (int p = 0; p < partitioning.count(); p++) {
        take(p);
      }
    } else {
      timer.scheduleWithFixedDelay(this::checkEpochs, 1, 1, TimeUnit.SECONDS);
    }
  }

  /** Runs {@code task} now and then every {@code every} on the partitions' timer thread, until closed. */
  public void repeat(Runnable task, Duration every) {
    timer.scheduleWithFixedDelay(task, 0, every.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public Partitioning partitioning() {
    return partitioning;
  }

  /** Whether this node hosts every partition (one process, no cluster). */
  public boolean hostsAll() {
    return hostsAll;
  }

  @Override
  public synchronized void take(int p) {
    checkPartition(p);
    assigned.add(p);
    PartitionWriter current = writers.get(p);
    if (current != null && current.running()) {
      return;
    }
    PartitionWriter writer = PartitionWriter.take(store, config, partitioning, p, host, timer, sequencerFor(p));
    writers.set(p, writer);
    retaking.remove(p);
    if (retakeFailing.remove(p)) {
      log.info("partition {}: taken again; it takes writes", p);
    }
    listener.taken(p);
  }

  /** The sequencer of partition {@code p}: the one it had, else the one with the fewest partitions. */
  private Sequencer sequencerFor(int p) {
    if (sequencerOf[p] < 0) {
      int least = 0;
      for (int i = 1; i < placed.length; i++) {
        if (placed[i] < placed[least]) {
          least = i;
        }
      }
      sequencerOf[p] = least;
      placed[least]++;
    }
    return sequencers[sequencerOf[p]];
  }

  /** The sequencer (0..count-1) partition {@code p} is placed on; -1 while it is not. */
  synchronized int sequencerOfPartition(int p) {
    return sequencerOf[p];
  }

  @Override
  public void release(int p) {
    checkPartition(p);
    assigned.remove(p);
    PartitionWriter writer = writers.getAndSet(p, null);
    if (writer != null) {
      writer.close();
    }
    synchronized (this) {
      if (sequencerOf[p] >= 0 && !assigned.contains(p)) {
        placed[sequencerOf[p]]--;
        sequencerOf[p] = -1;
      }
    }
    listener.released(p);
  }

  @Override
  public Map<Integer, Long> hosted() {
    Map<Integer, Long> out = new TreeMap<>();
    for (int p = 0; p < writers.length(); p++) {
      PartitionWriter w = writers.get(p);
      if (w != null && w.running()) {
        out.put(p, w.epoch());
      }
    }
    return out;
  }

  /** Whether the partition of {@code owner} has a writer here now. */
  public boolean hostsOwner(long owner) {
    return writers.get(partitioning.of(owner)) != null;
  }

  @Override
  public CompletableFuture<Void> deliver(int p, long[] origins) {
    checkPartition(p);
    for (long origin : origins) {
      Validate.messageId(origin);
    }
    return writer(p).submit(new DeliverCommand(p, origins.clone(), null));
  }

  @Override
  public void published(long sender, long id) {
    Validate.uid("sender", sender);
    Validate.messageId(id);
    listener.published(sender, id);
  }

  @Override
  public void fannedOut(long sender, long id) {
    Validate.uid("sender", sender);
    Validate.messageId(id);
    listener.fannedOut(sender, id);
  }

  /** Stops the listener's work, finishes the writes already accepted, then stops. Does not close the store. */
  @Override
  public void close() {
    closed = true;
    if (listener != null) {
      listener.closing();
    }
    for (int p = 0; p < writers.length(); p++) {
      PartitionWriter w = writers.getAndSet(p, null);
      if (w != null) {
        w.close();
      }
    }
    for (Sequencer sequencer : sequencers) {
      sequencer.close();
    }
    timer.shutdownNow();
  }

  private void checkPartition(int p) {
    if (p < 0 || p >= partitioning.count()) {
      throw LetterboxException.invalid("partition must be 0..%d: %d", partitioning.count() - 1, p);
    }
  }

  private PartitionWriter writer(int p) {
    PartitionWriter w = writers.get(p);
    if (w == null || !w.running()) {
      RuntimeException failure = retaking.get(p);
      if (failure != null && assigned.contains(p)) {
        throw LetterboxException.storeTrouble("partition " + p + " takes no writes until its store does", failure,
            "retry shortly");
      }
      throw new NotOwnerException(p, "partition " + p + " is not hosted by this node now; retry shortly");
    }
    return w;
  }

  private final PartitionWriter.Host host = new PartitionWriter.Host() {
    @Override
    public void visible(Decision.Logged logged) {
      listener.visible(logged);
    }

    @Override
    public CompletableFuture<Void> deliver(int partition, long[] origins, Action[] actions) {
      PartitionWriter w = writers.get(partition);
      if (w != null && w.running()) {
        return w.submit(new DeliverCommand(partition, origins, actions));
      }
      return peers.deliver(partition, origins);
    }

    @Override
    public void durable(int partition, List<Decision.Logged> logged, List<FeedEntry> events) {
      listener.durable(partition, logged, events);
    }

    @Override
    public void stopped(PartitionWriter writer, RuntimeException cause) {
      int p = writer.partition();
      writers.compareAndSet(p, writer, null);
      if (closed) {
        return;
      }
      if (cause instanceof FencedException) {
        log.warn("partition {}: another node took it (epoch {} fenced)", p, writer.epoch());
      } else {
        retaking.put(p, cause);
        log.error("partition {}: a write failed; taking it again from what is durable", p, cause);
      }
      // Still assigned here: take it back once the store answers (a fence by a node with a stale
      // view of the cluster ends when its view catches up).
      scheduleRetake(p);
    }
  };

  private void scheduleRetake(int p) {
    try {
      timer.schedule(() -> retake(p), RETAKE_DELAY.toMillis(), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException closing) {
      // The engine is closing: nothing to take back.
    }
  }

  /** Replaces every writer whose partition another writer took since (a newer epoch). */
  private void checkEpochs() {
    for (int p = 0; p < writers.length(); p++) {
      PartitionWriter w = writers.get(p);
      if (w == null || closed) {
        continue;
      }
      try {
        long epoch = PartitionRecords.epoch(store, p);
        if (epoch != w.epoch() && writers.compareAndSet(p, w, null)) {
          log.info("partition {}: taken at epoch {} by another writer since this one took it at {}", p, epoch, w.epoch());
          w.close();
          retake(p);
        }
      } catch (RuntimeException e) {
        log.debug("partition {}: epoch not checked", p, e);
      }
    }
  }

  private void retake(int p) {
    if (closed || !assigned.contains(p)) {
      return;
    }
    try {
      take(p);
    } catch (RuntimeException e) {
      if (retakeFailing.add(p)) {
        log.error("partition {}: cannot take it yet; trying again every {} (logged again once it is taken)", p,
            RETAKE_DELAY, e);
      } else {
        log.debug("partition {}: cannot take it yet", p, e);
      }
      scheduleRetake(p);
    }
  }
}
