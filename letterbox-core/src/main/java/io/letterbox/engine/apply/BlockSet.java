package io.letterbox.engine.apply;

import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rows.ConversationRow;

/**
 * The owner blocked ({@code blocked}) or unblocked the peer: the peer's one-to-one messages to the
 * owner are refused from now on, and its broadcasts are not shown to the owner. The flag is in
 * the owner's conversation row (what a send reads); the blocked space lists an owner's blocks.
 */
public record BlockSet(long owner, long peer, boolean blocked) implements Action {
  static final byte TAG = 18;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(owner).l(peer).i(blocked ? 1 : 0);
  }

  static BlockSet read(ActionCodec.Reader r) {
    return new BlockSet(r.l(), r.l(), r.i() != 0);
  }

  @Override
  public void apply(Applying to) {
    if (blocked) {
      to.batch().put(Spaces.BLOCKED, PairKey.of(owner, peer), new byte[0]);
    } else {
      to.batch().delete(Spaces.BLOCKED, PairKey.of(owner, peer));
    }
    ConversationRow row = to.state().conversations().conversationRow(owner, peer);
    ConversationRows.write(to, owner, peer, row, row.withBlocked(blocked));
  }
}
