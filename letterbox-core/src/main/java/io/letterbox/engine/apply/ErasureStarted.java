package io.letterbox.engine.apply;

import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.rows.ErasureRow;

/**
 * The erasure {@code id} of user {@code uid} started at {@code at} (epoch milliseconds), logged by
 * the user's partition (decision 0044): the user's erasure row, running. The erasure's work is
 * done by actions of their own (each sent message's {@link ContentRemoved}, the deletes and
 * leaves a user may do itself), logged by the job that works through the user's data from this
 * row, and ended by {@link ErasureCompleted}.
 */
public record ErasureStarted(long id, long uid, long at) implements Action {
  static final byte TAG = 35;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(id).l(uid).l(at);
  }

  /** @return the erasure start a log entry holds, or null for an entry of another kind */
  public static ErasureStarted of(byte[] entry) {
    return entry != null && entry.length > 0 && entry[0] == TAG ? (ErasureStarted) ActionCodec.decode(entry) : null;
  }

  static ErasureStarted read(ActionCodec.Reader r) {
    return new ErasureStarted(r.l(), r.l(), r.l());
  }

  @Override
  public void apply(Applying to) {
    to.batch().put(Spaces.STATE, StateKey.erasure(uid), new ErasureRow(id, uid, at, 0).encode());
  }
}
