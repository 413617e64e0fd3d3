package io.letterbox.engine.apply;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.feed.FeedEntry;
import io.letterbox.engine.partition.PartitionRecords;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.engine.read.StateReader;
import io.letterbox.keys.DeliveryKey;
import io.letterbox.keys.FeedKey;
import io.letterbox.keys.JournalKey;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Message;
import io.letterbox.rows.FanoutJobRow;
import io.letterbox.rows.FeedRow;
import io.letterbox.rows.JournalEntry;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.WriteBatch;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Applies one partition's actions: the one write path of the live writer and of every replay of
 * a journal (recovery, {@code rebuild}, {@code migrate}). Actions go into a pending batch that
 * every later read of {@link #state()} sees, so the live writer's decisions and the appliers
 * always see every earlier action, written or not.
 *
 * <p>An action is applied either at its home partition ({@link #append}: the partition that
 * decided and logged it), or as a delivery ({@link #deliver}: another partition applying its
 * part). Either way the action's {@code apply} writes only what belongs to owners of this
 * partition ({@link #owns}); at home, the other partitions it touched are recorded for the outbox.
 *
 * <p>{@link #flushInto} puts the batch into a section of a store batch (decision 0007): the log
 * entries, then the journal entry as the section's commit point (a live writer only; a replay's
 * entries are in the journal already), then the derived writes, then the "applied up to seq"
 * mark last. The live writer puts the sections of all the partitions of its node into one store
 * batch; a replay writes its own ({@link #flush}).
 *
 * <p>One thread uses an applier at a time.
 */
public final class Applier implements Applying {
  private static final byte[] EMPTY = new byte[0];

  /** An action logged here whose effects reach other partitions: they get it delivered. */
  public record Outgoing(long id, Action action, int[] partitions) {}

  private final KeyValueStore store;
  private final LetterboxConfig config;
  private final Partitioning partitioning;
  private final int partition;
  private final PendingWrites pending;
  private final StateReader state;
  private final io.letterbox.engine.fanout.AudienceResolver audiences;
  private final Consumer<FanoutJobRow> fanOut;

  /** What the pending batch applied, for its journal entry: ids, and origins negated. */
  private long[] applied = new long[64];
  private int appliedCount;
  private final List<Outgoing> outgoing = new ArrayList<>();
  private final int[] touched;
  private int touchedCount;
  private boolean home;
  /** The id of the action being applied. */
  private long applying;

  /** Live writer: the epoch it commits with and the seq of its next entry; 0 for a replay. */
  private long epoch;
  private long nextSeq;
  /** Replay: the seq of the last journal entry appended. */
  private long replayedSeq = -1;
  /** The seq of the journal entry the last flush committed; 0 if it committed none. */
  private long committedSeq;
  /** Live writer: the day of its last journal entry; entries never go back a day. */
  private int day;
  private boolean feed = true;
  /** Feed events of actions appended since the last entry was placed. */
  private final List<Unplaced> events = new ArrayList<>();
  /** Feed events of the batch flushed last, at their positions, for connected clients. */
  private final List<FeedEntry> placed = new ArrayList<>();

  private record Unplaced(long owner, FeedRow row, Message content) {}

  /**
   * @param fanOut how a replay does a finished broadcast's fan-out (after the pending writes are
   *     flushed); null for the live writer, whose jobs do it before they log the completion
   */
  public Applier(KeyValueStore store, LetterboxConfig config, Partitioning partitioning, int partition,
      Consumer<FanoutJobRow> fanOut) {
    this.config = config;
    this.partitioning = partitioning;
    this.partition = partition;
    this.store = store;
    this.pending = new PendingWrites(store);
    this.state = StateReader.uncached(pending, config, ActionCodec::message);
    this.audiences = new io.letterbox.engine.fanout.AudienceResolver(pending);
    this.fanOut = fanOut;
    this.touched = new int[partitioning.count()];
  }

  /**
   * Makes this the partition's live writer: each flush commits journal entry {@code nextSeq}, then
   * the next, on the clock's day but never before {@code day}.
   */
  public void commitFrom(long epoch, long nextSeq, int day) {
    this.epoch = epoch;
    this.nextSeq = nextSeq;
    this.day = day;
  }

  /** The UTC day of {@code millis} since the epoch. */
  public static int dayOf(long millis) {
    return (int) Math.floorDiv(millis, 86_400_000L);
  }

  /** The state with every appended action in it, pending or written. */
  @Override
  public StateReader state() {
    return state;
  }

  @Override
  public io.letterbox.engine.fanout.AudienceResolver audiences() {
    return audiences;
  }

  @Override
  public PendingWrites batch() {
    return pending;
  }

  @Override
  public LetterboxConfig config() {
    return config;
  }

  @Override
  public boolean owns(long owner) {
    if (partitioning.count() == 1) {
      return true;
    }
    int p = partitioning.of(owner);
    if (p == partition) {
      return true;
    }
    if (home && !contains(p)) {
      touched[touchedCount++] = p;
    }
    return false;
  }

  @Override
  public boolean home() {
    return home;
  }

  @Override
  public long id() {
    return applying;
  }

  @Override
  public void event(long owner, FeedRow row, Message content) {
    if (feed) {
      events.add(new Unplaced(owner, row, content));
    }
  }

  /** Makes it record no feed events: a replay of a log from before journals, whose entries have no seqs. */
  public void recordNoEvents() {
    feed = false;
  }

  @Override
  public void fanOut(FanoutJobRow job) {
    if (fanOut != null) {
      flush().join();
      fanOut.accept(job);
    }
  }

  public int partition() {
    return partition;
  }

  /**
   * Adds action {@code logId}, decided by this partition, and its writes to the pending batch.
   *
   * @param logEntry the encoded action to put into the log, or null when it is there already
   */
  public void append(long logId, Action action, byte[] logEntry) {
    if (logEntry != null) {
      pending.put(Spaces.LOG, LogKey.of(logId), logEntry);
    }
    home = true;
    applying = logId;
    touchedCount = 0;
    try {
      action.apply(this);
    } finally {
      home = false;
    }
    if (touchedCount > 0) {
      outgoing.add(new Outgoing(logId, action, Arrays.copyOf(touched, touchedCount)));
    }
    record(logId);
  }

  /** Adds this partition's part of action {@code origin}, logged by another partition. */
  public void deliver(long origin, Action action) {
    applying = origin;
    action.apply(this);
    pending.put(Spaces.DELIVERIES, DeliveryKey.of(partition, origin), EMPTY);
    record(-origin);
  }

  /**
   * A replay appended the actions of journal entry {@code seq}, committed on {@code day}: their
   * feed events get the entry's positions again (none for an entry without a day, or one past the
   * feed's retention), and the next flush marks it applied.
   */
  public void replayed(long seq, int day) {
    replayedSeq = seq;
    int oldest = dayOf(config.clock().millis()) - (int) config.syncRetention().toDays();
    if (day != 0 && day >= oldest) {
      place(seq, day, false);
    }
    events.clear();
  }

  /** Actions and deliveries appended since the last flush. */
  public int actions() {
    return appliedCount;
  }

  /** Mutations pending. */
  public int mutations() {
    return pending.size();
  }

  /** The seq of the journal entry the last {@link #flush} committed; 0 if none. */
  public long committedSeq() {
    return committedSeq;
  }

  /** The feed events of the batch flushed last, at their positions. */
  public List<FeedEntry> takeEvents() {
    List<FeedEntry> out = List.copyOf(placed);
    placed.clear();
    return out;
  }

  /** Puts the unplaced feed events into the pending batch at entry {@code seq}'s positions. */
  private void place(long seq, int day, boolean live) {
    for (int i = 0; i < events.size(); i++) {
      Unplaced e = events.get(i);
      pending.put(Spaces.FEED, FeedKey.of(day, e.owner(), seq, i), e.row().encode());
      if (live) {
        placed.add(new FeedEntry(e.owner(), day, seq, i, e.row(), e.content()));
      }
    }
    events.clear();
  }

  /** The actions of the batch flushed last whose effects reach other partitions. */
  public List<Outgoing> takeOutgoing() {
    List<Outgoing> out = List.copyOf(outgoing);
    outgoing.clear();
    return out;
  }

  /**
   * Writes the pending batch, visible when this returns.
   *
   * @return completes when it is durable
   * @throws io.letterbox.store.FencedException if another writer took the partition: nothing
   *     after the log entries was written
   */
  public CompletableFuture<Void> flush() {
    WriteBatch batch = store.newBatch();
    if (!flushInto(batch)) {
      return CompletableFuture.completedFuture(null);
    }
    return store.write(batch);
  }

  /**
   * Moves the pending batch into {@code batch}'s current section (decision 0007): the log
   * entries, then the journal entry as the section's commit point (a live writer only; a replay's
   * entries are in the journal already), then the derived writes, then the "applied up to seq"
   * mark last. {@link #committedSeq} is then the journal entry's seq.
   *
   * @return whether it added anything
   */
  public boolean flushInto(WriteBatch batch) {
    PendingWrites.Put commit = null;
    PendingWrites.Put marker = null;
    committedSeq = 0;
    if (nextSeq > 0 && appliedCount > 0) {
      long seq = nextSeq++;
      committedSeq = seq;
      day = Math.max(day, dayOf(config.clock().millis()));
      place(seq, day, true);
      commit = new PendingWrites.Put(Spaces.JOURNAL, JournalKey.of(partition, seq),
          new JournalEntry(epoch, Arrays.copyOf(applied, appliedCount), day).encode());
      marker = new PendingWrites.Put(Spaces.STATE, PartitionRecords.appliedKey(partition), Bytes.ofLong(seq));
    } else if (replayedSeq >= 0) {
      marker = new PendingWrites.Put(Spaces.STATE, PartitionRecords.appliedKey(partition), Bytes.ofLong(replayedSeq));
      replayedSeq = -1;
    }
    appliedCount = 0;
    if (pending.isEmpty() && marker == null) {
      return false;
    }
    pending.writeTo(batch, Spaces.LOG, commit, marker);
    return true;
  }

  /** Drops the pending batch (its write failed, or an action could not be applied). */
  public void discard() {
    pending.discard();
    appliedCount = 0;
    outgoing.clear();
    events.clear();
    placed.clear();
    state.senders().reloadCaps();
  }

  private void record(long id) {
    if (appliedCount == applied.length) {
      applied = Arrays.copyOf(applied, applied.length * 2);
    }
    applied[appliedCount++] = id;
  }

  private boolean contains(int p) {
    for (int i = 0; i < touchedCount; i++) {
      if (touched[i] == p) {
        return true;
      }
    }
    return false;
  }
}
