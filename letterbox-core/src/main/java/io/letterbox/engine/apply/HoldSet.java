package io.letterbox.engine.apply;

import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;

/**
 * A service put user {@code uid} on legal hold ({@code on}) or released it, at {@code at} (epoch
 * milliseconds), logged by the user's partition (decision 0044): one row while it is on hold. A
 * user on hold is not erased, and retention removes nothing of its conversations.
 */
public record HoldSet(long uid, boolean on, long at) implements Action {
  static final byte TAG = 34;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(uid).b((byte) (on ? 1 : 0)).l(at);
  }

  static HoldSet read(ActionCodec.Reader r) {
    long uid = r.l();
    byte on = r.b();
    if (on != 0 && on != 1) {
      throw ActionCodec.corrupt("hold: flag " + on);
    }
    return new HoldSet(uid, on == 1, r.l());
  }

  @Override
  public void apply(Applying to) {
    if (on) {
      to.batch().put(Spaces.STATE, StateKey.hold(uid), io.letterbox.store.Bytes.ofLong(at));
    } else {
      to.batch().delete(Spaces.STATE, StateKey.hold(uid));
    }
  }
}
