package io.letterbox.engine.apply;

import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.rows.ReadPosition;

/**
 * The owner read the conversation on {@code device} up to message {@code upTo}: the device's
 * position, with the count of incoming messages it has read as its base.
 */
public record ReadMarked(long owner, long peer, String device, long upTo) implements Action {
  static final byte TAG = 3;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(owner).l(peer).l(upTo).s(device);
  }

  static ReadMarked read(ActionCodec.Reader r) {
    long owner = r.l();
    long peer = r.l();
    long upTo = r.l();
    return new ReadMarked(owner, peer, r.s(), upTo);
  }

  @Override
  public void apply(Applying to) {
    long base = to.state().incoming(owner, peer) - to.state().unreadAfter(owner, peer, upTo);
    to.batch().put(Spaces.STATE, StateKey.readPosition(owner, peer, device), new ReadPosition(upTo, base).encode());
  }
}
