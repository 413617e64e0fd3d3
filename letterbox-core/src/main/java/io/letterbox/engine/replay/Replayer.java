package io.letterbox.engine.replay;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.apply.Action;
import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.engine.apply.Applier;
import io.letterbox.engine.apply.ConversationRows;
import io.letterbox.engine.apply.Sent;
import io.letterbox.engine.follow.StoredFeedPositions;
import io.letterbox.engine.partition.PartitionRecords;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.rows.JournalEntry;
import io.letterbox.engine.fanout.PairRecords;
import io.letterbox.engine.read.StateReader;
import io.letterbox.model.Message;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.keys.TimelineKey;
import io.letterbox.rows.ConversationRow;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.Space;
import io.letterbox.store.WriteBatch;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Replays journals into indexes: the one code path behind crash recovery and taking a partition,
 * {@code rebuild} (the journals into empty indexes of the same store) and {@code migrate} (the log
 * and journals of one store into another). Every action goes through the same {@link Applier} as
 * in the live writer, partition by partition in journal order, so a replay derives exactly what the
 * live writers derived (decision 0007). Progress is each partition's "applied up to seq" mark,
 * written last in every batch, so an interrupted replay resumes where it stopped.
 *
 * <p>Counters are the one thing a replay cannot blindly do twice. Where the entries after the
 * mark may have landed in part (a backend atomic per row only, stopped mid-batch), the counters
 * they touch are first set to what they are without them, counted from their rows, which never
 * change once written; the replay then counts each of their actions once.
 */
public final class Replayer {
  /** Told how far a replay got. */
  @FunctionalInterface
  public interface Progress {
    void update(long actionsDone);
  }

  /** Entries and a SHA-256 of the content of one space in two stores. */
  public record SpaceDigest(String space, long source, long target, String sourceHash, String targetHash) {
    public boolean matches() {
      return source == target && sourceHash.equals(targetHash);
    }
  }

  private static final int BATCH_ACTIONS = 2_000;
  private static final int ENTRIES_PER_READ = 256;
  private static final String SECRET = "cursor-secret";
  /** The mark of a store from before journals: the last action id applied. */
  private static final String LEGACY_MARK = "applied";

  private Replayer() {}

  /**
   * Makes the store ready for partitioned writers: records its partition count if it has none
   * ({@code configured} for a new store; 1 for one logged before partitions, whose log is then
   * completed and becomes partition 0's history before its journal).
   *
   * @return the partitioning in force
   * @throws IllegalArgumentException if {@code configured} (0: any) differs from the recorded count
   */
  public static Partitioning prepare(KeyValueStore store, LetterboxConfig config, int configured) {
    int recorded = PartitionRecords.recordedPartitions(store);
    if (recorded == 0) {
      StateReader state = StateReader.uncached(store, config, io.letterbox.engine.apply.ActionCodec::message);
      long largest = state.largestLoggedId();
      if (largest > 0) {
        completeLegacyLog(store, config);
        store.write(store.newBatch().put(Spaces.STATE, PartitionRecords.journalBaseKey(), Bytes.ofLong(largest))).join();
        recorded = PartitionRecords.recordPartitions(store, 1);
      } else {
        recorded = PartitionRecords.recordPartitions(store, configured == 0 ? config.newStorePartitions() : configured);
      }
    }
    if (configured != 0 && configured != recorded) {
      throw new IllegalArgumentException("the store has " + recorded + " partitions, fixed when it was created; "
          + "the configuration says " + configured);
    }
    StoreUpgrades.apply(store, config);
    return new Partitioning(recorded);
  }

  /**
   * Replays partition {@code partition}'s entries after its mark, which the caller read up to a
   * fence entry {@code fenceSeq} it committed, and marks everything up to the fence applied.
   *
   * @return the number of actions replayed
   */
  public static long recover(KeyValueStore store, LetterboxConfig config, Partitioning partitioning, int partition,
      long fenceSeq) {
    long after = PartitionRecords.applied(store, partition);
    return replayJournal(store, store, config, partitioning, partition, after, fenceSeq, true, n -> {});
  }

  /** Replays every journal of {@code store} into its emptied indexes. */
  public static long rebuild(KeyValueStore store, LetterboxConfig config, Progress progress) {
    Partitioning partitioning = new Partitioning(Math.max(1, PartitionRecords.recordedPartitions(store)));
    clearIndexes(store);
    long done = replayLegacyLog(store, store, config, progress, PartitionRecords.journalBase(store));
    for (int p = 0; p < partitioning.count(); p++) {
      long base = done;
      done += replayJournal(store, store, config, partitioning, p, 0, 0, false, n -> progress.update(base + n));
    }
    io.letterbox.engine.search.SearchRebuild.indexAll(store, partitioning);
    return done;
  }

  /**
   * Copies the primary spaces ({@link Spaces#PRIMARY}: log, journals, blobs) of {@code source} into {@code target} and derives its indexes
   * there; the target gets the source's partition count. Resumes after the last batch an earlier,
   * interrupted migration completed.
   *
   * @return the number of actions replayed by this call
   */
  public static long migrate(KeyValueStore source, KeyValueStore target, LetterboxConfig config,
      Progress progress) {
    Partitioning partitioning = prepare(source, config, 0);
    int targetCount = PartitionRecords.recordedPartitions(target);
    if (targetCount != 0 && targetCount != partitioning.count()) {
      throw new IllegalArgumentException("the target has " + targetCount + " partitions and the source "
          + partitioning.count() + "; a migration keeps the partition count");
    }
    copyRecords(source, target, partitioning);
    for (Space space : Spaces.PRIMARY) {
      copySpace(source, target, space);
    }
    long done = replayLegacyLog(source, target, config, progress, PartitionRecords.journalBase(source));
    for (int p = 0; p < partitioning.count(); p++) {
      long after = PartitionRecords.applied(target, p);
      long base = done;
      done += replayJournal(source, target, config, partitioning, p, after, 0, after > 0, n -> progress.update(base + n));
    }
    io.letterbox.engine.search.SearchRebuild.indexAll(target, partitioning);
    return done;
  }

  /** @return for every space, the log and every index, its entries and content hash in both stores */
  public static List<SpaceDigest> verify(KeyValueStore source, KeyValueStore target) {
    List<SpaceDigest> out = new ArrayList<>();
    for (Space space : Spaces.ALL) {
      Digest s = digest(source, space);
      Digest t = digest(target, space);
      out.add(new SpaceDigest(space.name(), s.entries, t.entries, s.hash(), t.hash()));
    }
    return out;
  }

  /**
   * Replays {@code partition}'s journal entries after seq {@code after} from {@code source} into
   * {@code target}, marking each applied, and finally {@code markTo} if it is larger.
   */
  private static long replayJournal(KeyValueStore source, KeyValueStore target, LetterboxConfig config,
      Partitioning partitioning, int partition, long after, long markTo, boolean partial, Progress progress) {
    Applier applier = new Applier(target, config, partitioning, partition,
        job -> PairRecords.write(target, job.sender(), job.id(), job.blocks()));
    long done = 0;
    long last = after;
    boolean first = true;
    while (true) {
      List<PartitionRecords.Entry> entries = PartitionRecords.entriesAfter(source, partition, last, ENTRIES_PER_READ);
      if (entries.isEmpty()) {
        break;
      }
      if (first && partial) {
        // The batch after the mark may have landed in part; a replay's batch holds at most
        // BATCH_ACTIONS actions and one more entry (a live writer's, at most 1,024).
        List<PartitionRecords.Entry> tail = PartitionRecords.entriesAfter(source, partition, last, 2 * BATCH_ACTIONS);
        int n = 0;
        int actions = 0;
        while (n < tail.size() && actions < 2 * BATCH_ACTIONS) {
          actions += tail.get(n++).entry().applied().length;
        }
        repairCounters(source, target, config, partitioning, partition, tail.subList(0, n));
      }
      first = false;
      for (PartitionRecords.Entry e : entries) {
        long[] applied = e.entry().applied();
        List<byte[]> keys = new ArrayList<>(applied.length);
        for (long id : applied) {
          keys.add(LogKey.of(Math.abs(id)));
        }
        List<byte[]> values = source.multiGet(Spaces.LOG, keys);
        for (int i = 0; i < applied.length; i++) {
          Action action = ActionCodec.decode(values.get(i));
          if (JournalEntry.isDelivery(applied[i])) {
            applier.deliver(-applied[i], action);
          } else {
            applier.append(applied[i], action, null);
          }
        }
        applier.replayed(e.seq(), e.entry().day());
        done += applied.length;
        last = e.seq();
        if (applier.actions() >= BATCH_ACTIONS) {
          applier.flush().join();
          progress.update(done);
        }
      }
    }
    if (markTo > last) {
      applier.replayed(markTo, 0);
    }
    applier.flush().join();
    progress.update(done);
    return done;
  }

  /**
   * A store logged before journals: applies what its log holds after its old mark (its last batch
   * may have landed in part), so that its log up to now is wholly applied.
   */
  private static void completeLegacyLog(KeyValueStore store, LetterboxConfig config) {
    replayLegacyLog(store, store, config, n -> {}, Long.MAX_VALUE);
  }

  /**
   * Replays a pre-journal log (partition 0's history before its journal, up to id {@code base})
   * after the target's old mark, which it moves on after every batch.
   */
  private static long replayLegacyLog(KeyValueStore source, KeyValueStore target, LetterboxConfig config,
      Progress progress, long base) {
    byte[] mark = target.get(Spaces.STATE, StateKey.meta(LEGACY_MARK));
    long after = mark == null ? 0 : Bytes.getLong(mark, 0);
    if (base <= after) {
      return 0;
    }
    KeyRange range = new KeyRange(LogKey.of(after + 1), base == Long.MAX_VALUE ? null : LogKey.of(base + 1));
    if (after > 0) {
      Set<List<Long>> pairs = new LinkedHashSet<>();
      Set<Long> tail = new java.util.HashSet<>();
      source.scan(Spaces.LOG, range, false, (k, v) -> {
        if (ActionCodec.decode(v) instanceof Sent s) {
          pairs.add(List.of(s.to(), s.from()));
          tail.add(s.id());
        }
        return tail.size() < BATCH_ACTIONS;
      });
      setCounters(target, config, pairs, tail);
    }
    Applier applier = new Applier(target, config, new Partitioning(1), 0,
        job -> PairRecords.write(target, job.sender(), job.id(), job.blocks()));
    applier.recordNoEvents();
    long[] done = {0};
    long[] last = {after};
    source.scan(Spaces.LOG, range, false, (key, value) -> {
      last[0] = LogKey.id(key);
      applier.append(last[0], ActionCodec.decode(value), null);
      done[0]++;
      if (applier.actions() >= BATCH_ACTIONS) {
        applier.flush().join();
        markLegacy(target, last[0]);
        progress.update(done[0]);
      }
      return true;
    });
    applier.flush().join();
    markLegacy(target, last[0]);
    progress.update(done[0]);
    return done[0];
  }

  private static void markLegacy(KeyValueStore target, long id) {
    target.write(target.newBatch().put(Spaces.STATE, StateKey.meta(LEGACY_MARK), Bytes.ofLong(id))).join();
  }

  /**
   * Sets the counters that {@code entries} touch in {@code partition} to their value without
   * those entries' actions, counted from rows: the replay then adds each action once.
   */
  private static void repairCounters(KeyValueStore source, KeyValueStore target, LetterboxConfig config,
      Partitioning partitioning, int partition, List<PartitionRecords.Entry> entries) {
    Set<List<Long>> pairs = new LinkedHashSet<>();
    Set<Long> tail = new java.util.HashSet<>();
    for (PartitionRecords.Entry e : entries) {
      for (long id : e.entry().applied()) {
        byte[] v = source.get(Spaces.LOG, LogKey.of(Math.abs(id)));
        if (v != null && ActionCodec.decode(v) instanceof Sent s && partitioning.of(s.to()) == partition) {
          pairs.add(List.of(s.to(), s.from()));
          tail.add(s.id());
        }
      }
    }
    setCounters(target, config, pairs, tail);
  }

  private static void setCounters(KeyValueStore target, LetterboxConfig config, Set<List<Long>> pairs, Set<Long> except) {
    if (pairs.isEmpty()) {
      return;
    }
    StateReader state = StateReader.uncached(target, config, io.letterbox.engine.apply.ActionCodec::message);
    WriteBatch counts = target.newBatch();
    for (List<Long> p : pairs) {
      ConversationRow row = state.conversations().conversationRow(p.get(0), p.get(1));
      ConversationRows.write(state, counts, p.get(0), p.get(1), row,
          row.withIncoming(state.conversations().countIncomingRowsExcept(p.get(0), p.get(1), except)));
    }
    target.write(counts).join();
  }

  /** The deployment records a migration carries over: none of them is derived from the log. */
  private static void copyRecords(KeyValueStore source, KeyValueStore target, Partitioning partitioning) {
    WriteBatch batch = target.newBatch();
    source.scan(Spaces.STATE, KeyRange.prefix(StateKey.meta("")), false, (k, v) -> {
      // The target's indexes are derived by today's appliers: its conversation index is whole.
      if (StateKey.isMeta(k, SECRET) || StoreUpgrades.isMark(k) || PartitionRecords.isPartitionRecord(k)
          || StoredFeedPositions.isPosition(k) || io.letterbox.engine.expiry.RetentionSweep.isPosition(k)) {
        batch.put(Spaces.STATE, k, v);
      }
      return true;
    });
    target.write(batch).join();
    PartitionRecords.recordPartitions(target, partitioning.count());
  }

  /** Copies a space in batches of at most 2,000 entries or 16 MiB (blob chunks are 256 KiB each). */
  private static void copySpace(KeyValueStore source, KeyValueStore target, Space space) {
    WriteBatch[] batch = {target.newBatch()};
    long[] bytes = {0};
    source.scan(space, new KeyRange(new byte[0], null), false, (k, v) -> {
      batch[0].put(space, k, v);
      bytes[0] += k.length + v.length;
      if (batch[0].size() >= 2_000 || bytes[0] >= 16 << 20) {
        target.write(batch[0]).join();
        batch[0] = target.newBatch();
        bytes[0] = 0;
      }
      return true;
    });
    target.write(batch[0]).join();
  }

  private static void clearIndexes(KeyValueStore store) {
    for (Space space : Spaces.ALL) {
      if (Spaces.PRIMARY.contains(space)) {
        continue;
      }
      WriteBatch[] batch = {store.newBatch()};
      store.scan(space, new KeyRange(new byte[0], null), false, (k, v) -> {
        if (!space.equals(Spaces.STATE) || !(StateKey.isMeta(k, SECRET) || StoreUpgrades.isMark(k)
            || PartitionRecords.isPartitionRecord(k) || StoredFeedPositions.isPosition(k)
            || io.letterbox.engine.expiry.RetentionSweep.isPosition(k))) {
          batch[0].delete(space, k);
        }
        if (batch[0].size() >= 10_000) {
          store.write(batch[0]).join();
          batch[0] = store.newBatch();
        }
        return true;
      });
      store.write(batch[0]).join();
    }
  }

  private static Digest digest(KeyValueStore store, Space space) {
    Digest d = new Digest();
    store.scan(space, new KeyRange(new byte[0], null), false, (k, v) -> {
      d.add(k, v);
      return true;
    });
    return d;
  }

  /** SHA-256 over (length, key, length, value) of every entry in key order. */
  private static final class Digest {
    private final MessageDigest sha;
    private long entries;

    Digest() {
      try {
        sha = MessageDigest.getInstance("SHA-256");
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException(e);
      }
    }

    void add(byte[] key, byte[] value) {
      sha.update(Bytes.ofLong(key.length));
      sha.update(key);
      sha.update(Bytes.ofLong(value.length));
      sha.update(value);
      entries++;
    }

    String hash() {
      return HexFormat.of().formatHex(sha.digest());
    }
  }
}
