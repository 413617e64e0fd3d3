package io.letterbox.engine.apply;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.read.StateReader;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.rows.FanoutJobRow;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.StoreReads;
import io.letterbox.store.WriteBatch;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Appends actions to the log and derives their indexes: the one write path of the live writer
 * and of every replay of the log (recovery, {@code rebuild}, {@code migrate}). Actions go into a
 * pending batch that every later read of {@link #state()} sees, so the live writer's decisions
 * and the appliers always see every earlier action, written or not; {@link #flush} writes the
 * batch with the "applied up to" marker as its last mutation.
 *
 * <p>One thread uses an applier at a time.
 */
public final class Applier implements Applying {
  private static final String MARKER = "applied";

  private final LetterboxConfig config;
  private final PendingWrites pending;
  private final StateReader state;
  private final Consumer<FanoutJobRow> fanOut;
  private long last;
  private int actions;

  /**
   * @param fanOut how a replay does a finished broadcast's fan-out (after the pending writes are
   *     flushed); null for the live writer, whose jobs do it before they log the completion
   */
  public Applier(KeyValueStore store, LetterboxConfig config, Consumer<FanoutJobRow> fanOut) {
    this.config = config;
    this.pending = new PendingWrites(store);
    this.state = StateReader.uncached(pending, config);
    this.fanOut = fanOut;
  }

  /** The state with every appended action in it, pending or written. */
  @Override
  public StateReader state() {
    return state;
  }

  @Override
  public WriteBatch batch() {
    return pending;
  }

  @Override
  public LetterboxConfig config() {
    return config;
  }

  @Override
  public void fanOut(FanoutJobRow job) {
    if (fanOut != null) {
      flush().join();
      fanOut.accept(job);
    }
  }

  /**
   * Adds action {@code logId} and its index writes to the pending batch.
   *
   * @param logEntry the encoded action to put into the log, or null when it is there already
   */
  public void append(long logId, Action action, byte[] logEntry) {
    if (logEntry != null) {
      pending.put(Spaces.LOG, LogKey.of(logId), logEntry);
    }
    action.apply(this);
    last = logId;
    actions++;
  }

  /** Actions appended since the last flush. */
  public int actions() {
    return actions;
  }

  /** Mutations pending. */
  public int mutations() {
    return pending.size();
  }

  /**
   * Writes the pending batch, visible when this returns.
   *
   * @return completes when it is durable
   */
  public CompletableFuture<Void> flush() {
    if (pending.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    if (actions > 0) {
      // Last in the batch, so a backend that applies it row by row marks only what landed.
      pending.put(Spaces.STATE, StateKey.meta(MARKER), Bytes.ofLong(last));
    }
    actions = 0;
    return pending.write();
  }

  /** Drops the pending batch (its write failed, or an action could not be applied). */
  public void discard() {
    pending.discard();
    actions = 0;
    state.reloadCaps();
  }

  /** @return the id of the last action applied to {@code store}'s indexes; 0 for none. */
  public static long appliedUpTo(StoreReads store) {
    byte[] v = store.get(Spaces.STATE, StateKey.meta(MARKER));
    return v == null ? 0 : Bytes.getLong(v, 0);
  }
}
