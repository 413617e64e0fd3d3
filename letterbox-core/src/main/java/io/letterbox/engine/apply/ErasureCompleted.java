package io.letterbox.engine.apply;

import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.rows.ErasureRow;

/**
 * The erasure {@code id} of user {@code uid} found nothing more to do at {@code at} (epoch
 * milliseconds), logged by the user's partition (decision 0044): its row reads done from then on.
 */
public record ErasureCompleted(long id, long uid, long at) implements Action {
  static final byte TAG = 36;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(id).l(uid).l(at);
  }

  static ErasureCompleted read(ActionCodec.Reader r) {
    return new ErasureCompleted(r.l(), r.l(), r.l());
  }

  @Override
  public void apply(Applying to) {
    ErasureRow row = to.state().lifecycle().erasure(uid);
    if (row != null && row.id() == id && !row.done()) {
      to.batch().put(Spaces.STATE, StateKey.erasure(uid), row.completed(at).encode());
    }
  }
}
