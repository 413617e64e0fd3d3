package io.letterbox.engine.apply;

import io.letterbox.keys.PinKey;
import io.letterbox.keys.Spaces;

/**
 * {@code by} pinned ({@code pinned}) or unpinned message {@code messageId} of its one-to-one
 * conversation with {@code peer} (decision 0050). The conversation's one set of pins is applied by
 * the partition of the lower uid; each party is told by a {@code conversation} event.
 *
 * @param version the version of the message's pin it sets: one more than the one it was decided on
 *     ({@link io.letterbox.rows.PinRow})
 */
public record PinSet(long by, long peer, long messageId, boolean pinned, long version) implements Action {
  static final byte TAG = 41;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(by).l(peer).l(messageId).b((byte) (pinned ? 1 : 0)).l(version);
  }

  static PinSet read(ActionCodec.Reader r) {
    return new PinSet(r.l(), r.l(), r.l(), r.b() != 0, r.l());
  }

  @Override
  public boolean reachesOtherOwners() {
    return true;
  }

  @Override
  public void apply(Applying to) {
    if (to.owns(Math.min(by, peer))) {
      PinRows.set(to, Spaces.PINS, PinKey.pair(by, peer, messageId),
          to.state().pins().pairRow(by, peer, messageId), version, pinned);
    }
    if (to.owns(by)) {
      ConversationRows.changed(to, by, peer);
    }
    if (to.owns(peer)) {
      ConversationRows.changed(to, peer, by);
    }
  }
}
