package io.letterbox.engine;

import io.letterbox.keys.LogKey;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.log.Action;
import io.letterbox.log.ActionCodec;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.Space;
import io.letterbox.store.WriteBatch;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Replays the action log into indexes: the one code path behind crash recovery, {@code rebuild}
 * (the log into empty indexes of the same store) and {@code migrate} (the log of one store into
 * another). Progress is a marker, "applied up to log id X", written last in every batch, so an
 * interrupted replay resumes where it stopped.
 *
 * <p>Counters are the one thing a replay cannot blindly do twice. Where a batch may have been
 * applied partly (a backend atomic per row only, crashed mid-batch), the counters of the
 * conversations it touched are recounted from their rows, which never change once written.
 */
public final class Replayer {
  /** Told how far a replay got. */
  @FunctionalInterface
  public interface Progress {
    void update(long actionsDone);
  }

  /** Entries per space in two stores after a migration. */
  public record SpaceCount(String space, long source, long target) {
    public boolean matches() {
      return source == target;
    }
  }

  private static final int BATCH_ACTIONS = 2_000;
  private static final String MARKER = "applied";

  private final KeyValueStore source;
  private final KeyValueStore target;
  private final StateReader state;
  private final Applier applier;
  private final boolean copyLog;
  private final Progress progress;

  private Replayer(KeyValueStore source, KeyValueStore target, LetterboxConfig config, Progress progress) {
    this.source = source;
    this.target = target;
    this.state = new StateReader(target, config);
    this.applier = new Applier(state, true);
    this.copyLog = source != target;
    this.progress = progress;
  }

  /** Replays the whole log of {@code store} into emptied indexes of the same store. */
  public static long rebuild(KeyValueStore store, LetterboxConfig config, Progress progress) {
    clearIndexes(store);
    return new Replayer(store, store, config, progress).replay(0, false);
  }

  /**
   * Copies the log of {@code source} into {@code target} and derives its indexes there. Resumes
   * after the last batch an earlier, interrupted migration completed.
   *
   * @return the number of actions replayed by this call
   */
  public static long migrate(KeyValueStore source, KeyValueStore target, LetterboxConfig config,
      Progress progress) {
    byte[] secret = source.get(Spaces.STATE, StateKey.meta("cursor-secret"));
    if (secret != null) {
      target.write(target.newBatch().put(Spaces.STATE, StateKey.meta("cursor-secret"), secret)).join();
    }
    Replayer replayer = new Replayer(source, target, config, progress);
    long resumed = appliedUpTo(target);
    // The batch after the marker may have landed in part: recount what it touched.
    return replayer.replay(resumed, resumed > 0);
  }

  /**
   * Applies what was logged but not applied when the process stopped. A store whose batches are
   * atomic never has any; one atomic per row may have the tail of one batch.
   */
  static long recover(KeyValueStore store, LetterboxConfig config) {
    return new Replayer(store, store, config, n -> {}).replay(appliedUpTo(store), true);
  }

  /** @return entries per space of both stores, the log and every index. */
  public static List<SpaceCount> verify(KeyValueStore source, KeyValueStore target) {
    List<SpaceCount> out = new ArrayList<>();
    for (Space space : Spaces.ALL) {
      out.add(new SpaceCount(space.name(), count(source, space), count(target, space)));
    }
    return out;
  }

  /** @return the id of the last action applied to {@code store}'s indexes; 0 for none. */
  static long appliedUpTo(KeyValueStore store) {
    byte[] v = store.get(Spaces.STATE, StateKey.meta(MARKER));
    return v == null ? 0 : Bytes.getLong(v, 0);
  }

  /** Adds the marker to a batch of the live writer; it must be the batch's last mutation. */
  static void markApplied(WriteBatch batch, long logId) {
    batch.put(Spaces.STATE, StateKey.meta(MARKER), Bytes.ofLong(logId));
  }

  private long replay(long after, boolean recount) {
    Run run = new Run(recount);
    source.scan(Spaces.LOG, new KeyRange(LogKey.of(after + 1), null), false, (key, value) -> {
      run.add(LogKey.id(key), key, value);
      return true;
    });
    run.flush();
    return run.done;
  }

  /** One pass over the log: the batch being built and what it touched. */
  private final class Run {
    private final boolean recount;
    private final Set<Long> recountPairs = new LinkedHashSet<>();
    private final List<long[]> pairs = new ArrayList<>();
    private WriteBatch batch = target.newBatch();
    private int actions;
    private long last;
    private long done;

    Run(boolean recount) {
      this.recount = recount;
    }

    void add(long id, byte[] key, byte[] value) {
      Action action = ActionCodec.decode(value);
      if (Applier.readsState(action)) {
        flush();
      }
      if (copyLog) {
        batch.put(Spaces.LOG, key, value);
      }
      // Only the first batch after the marker can have landed in part.
      if (recount && done + actions < BATCH_ACTIONS && action instanceof Action.Sent s) {
        // Apply everything but the counter, then count the conversation's rows instead.
        applier.apply(action, new WithoutIncrements(batch));
        if (recountPairs.add(pairId(s.to(), s.from()))) {
          pairs.add(new long[] {s.to(), s.from()});
        }
      } else {
        applier.apply(action, batch);
      }
      last = id;
      if (++actions >= BATCH_ACTIONS) {
        flush();
      }
      if (action instanceof Action.CapSet c) {
        // Later actions of this sender count against the new cap: make it readable now.
        flush();
        state.forgetCap(c.sender());
      }
    }

    void flush() {
      if (actions == 0) {
        return;
      }
      markApplied(batch, last);
      target.write(batch).join();
      batch = target.newBatch();
      if (!pairs.isEmpty()) {
        WriteBatch counts = target.newBatch();
        for (long[] p : pairs) {
          counts.put(Spaces.INCOMING, PairKey.of(p[0], p[1]), Bytes.ofLong(state.countIncomingRows(p[0], p[1])));
        }
        target.write(counts).join();
        pairs.clear();
        recountPairs.clear();
      }
      done += actions;
      actions = 0;
      progress.update(done);
    }
  }

  private static long pairId(long owner, long peer) {
    return owner * 0x9E3779B97F4A7C15L ^ peer;
  }

  private static void clearIndexes(KeyValueStore store) {
    for (Space space : Spaces.ALL) {
      if (space.equals(Spaces.LOG)) {
        continue;
      }
      WriteBatch[] batch = {store.newBatch()};
      store.scan(space, new KeyRange(new byte[0], null), false, (k, v) -> {
        if (!space.equals(Spaces.STATE) || !StateKey.isMeta(k, "cursor-secret")) {
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

  private static long count(KeyValueStore store, Space space) {
    long[] n = {0};
    store.scan(space, new KeyRange(new byte[0], null), false, (k, v) -> {
      n[0]++;
      return true;
    });
    return n[0];
  }

  /** A batch view that passes everything but counter increments through. */
  private record WithoutIncrements(WriteBatch delegate) implements WriteBatch {
    @Override
    public WriteBatch put(Space space, byte[] key, byte[] value) {
      delegate.put(space, key, value);
      return this;
    }

    @Override
    public WriteBatch delete(Space space, byte[] key) {
      delegate.delete(space, key);
      return this;
    }

    @Override
    public WriteBatch increment(Space space, byte[] key, long delta) {
      return this;
    }

    @Override
    public int size() {
      return delegate.size();
    }
  }
}
