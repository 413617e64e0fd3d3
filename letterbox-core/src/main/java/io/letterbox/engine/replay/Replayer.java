package io.letterbox.engine.replay;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.apply.Action;
import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.engine.apply.Applier;
import io.letterbox.engine.apply.Sent;
import io.letterbox.engine.fanout.PairRecords;
import io.letterbox.engine.read.StateReader;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
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
 * Replays the action log into indexes: the one code path behind crash recovery, {@code rebuild}
 * (the log into empty indexes of the same store) and {@code migrate} (the log of one store into
 * another). Every action goes through the same {@link Applier} as in the live writer, so a replay
 * derives exactly what the live writer derived. Progress is the applier's marker, "applied up to
 * log id X", written last in every batch, so an interrupted replay resumes where it stopped.
 *
 * <p>Counters are the one thing a replay cannot blindly do twice. Where the batch after the
 * marker may have landed in part (a backend atomic per row only, crashed mid-batch), the counters
 * of the conversations it touched are first set to what they were at the marker, counted from
 * their rows, which never change once written; the replay then counts each action once.
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
  private static final String SECRET = "cursor-secret";

  private Replayer() {}

  /** Replays the whole log of {@code store} into emptied indexes of the same store. */
  public static long rebuild(KeyValueStore store, LetterboxConfig config, Progress progress) {
    clearIndexes(store);
    return replay(store, store, config, progress, 0, false);
  }

  /**
   * Copies the log of {@code source} into {@code target} and derives its indexes there. Resumes
   * after the last batch an earlier, interrupted migration completed.
   *
   * @return the number of actions replayed by this call
   */
  public static long migrate(KeyValueStore source, KeyValueStore target, LetterboxConfig config,
      Progress progress) {
    byte[] secret = source.get(Spaces.STATE, StateKey.meta(SECRET));
    if (secret != null) {
      target.write(target.newBatch().put(Spaces.STATE, StateKey.meta(SECRET), secret)).join();
    }
    long resumed = Applier.appliedUpTo(target);
    return replay(source, target, config, progress, resumed, resumed > 0);
  }

  /**
   * Applies what was logged but not applied when the process stopped. A store whose batches are
   * atomic never has any; one atomic per row may have the tail of one batch.
   */
  public static long recover(KeyValueStore store, LetterboxConfig config) {
    long after = Applier.appliedUpTo(store);
    return replay(store, store, config, n -> {}, after, true);
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

  private static long replay(KeyValueStore source, KeyValueStore target, LetterboxConfig config,
      Progress progress, long after, boolean partial) {
    if (partial) {
      repairCounters(source, target, config, after);
    }
    Applier applier = new Applier(target, config,
        job -> PairRecords.write(target, job.sender(), job.id(), job.blocks()));
    boolean copyLog = source != target;
    long[] done = {0};
    source.scan(Spaces.LOG, new KeyRange(LogKey.of(after + 1), null), false, (key, value) -> {
      Action action = ActionCodec.decode(value);
      applier.append(LogKey.id(key), action, copyLog ? value : null);
      done[0]++;
      if (applier.actions() >= BATCH_ACTIONS) {
        applier.flush().join();
        progress.update(done[0]);
      }
      return true;
    });
    applier.flush().join();
    progress.update(done[0]);
    return done[0];
  }

  /**
   * Sets the counters that the batch after the marker touched to their value at the marker: the
   * conversation's incoming live rows up to it. The replay then adds the rest once.
   */
  private static void repairCounters(KeyValueStore source, KeyValueStore target, LetterboxConfig config, long after) {
    Set<List<Long>> pairs = new LinkedHashSet<>();
    source.scan(Spaces.LOG, new KeyRange(LogKey.of(after + 1), null), false, new io.letterbox.store.ScanVisitor() {
      int seen;

      @Override
      public boolean visit(byte[] key, byte[] value) {
        if (ActionCodec.decode(value) instanceof Sent s) {
          pairs.add(List.of(s.to(), s.from()));
        }
        return ++seen < BATCH_ACTIONS;
      }
    });
    if (pairs.isEmpty()) {
      return;
    }
    StateReader state = StateReader.uncached(target, config);
    WriteBatch counts = target.newBatch();
    for (List<Long> p : pairs) {
      counts.put(Spaces.INCOMING, PairKey.of(p.get(0), p.get(1)),
          Bytes.ofLong(state.countIncomingRows(p.get(0), p.get(1), after)));
    }
    target.write(counts).join();
  }

  private static void clearIndexes(KeyValueStore store) {
    for (Space space : Spaces.ALL) {
      if (space.equals(Spaces.LOG)) {
        continue;
      }
      WriteBatch[] batch = {store.newBatch()};
      store.scan(space, new KeyRange(new byte[0], null), false, (k, v) -> {
        if (!space.equals(Spaces.STATE) || !StateKey.isMeta(k, SECRET)) {
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
