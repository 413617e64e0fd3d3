package io.letterbox.engine.apply;

import io.letterbox.rows.FeedRow;

import io.letterbox.rows.ConversationRow;

/**
 * The owner changed its settings of one conversation: pinned, muted, archived. The row and its
 * place in the list move together.
 */
public record ConversationStateSet(long owner, long peer, boolean pinned, boolean muted, boolean archived)
    implements Action {
  static final byte TAG = 17;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(owner).l(peer).i((pinned ? 1 : 0) | (muted ? 2 : 0) | (archived ? 4 : 0));
  }

  static ConversationStateSet read(ActionCodec.Reader r) {
    long owner = r.l();
    long peer = r.l();
    int flags = r.i();
    return new ConversationStateSet(owner, peer, (flags & 1) != 0, (flags & 2) != 0, (flags & 4) != 0);
  }

  @Override
  public void apply(Applying to) {
    ConversationRow old = to.state().conversations().conversationRow(owner, peer);
    ConversationRows.write(to, owner, peer, old, old.withSettings(pinned, muted, archived));
    int flags = (pinned ? FeedRow.PINNED : 0) | (muted ? FeedRow.MUTED : 0) | (archived ? FeedRow.ARCHIVED : 0);
    to.event(owner, new FeedRow(FeedRow.Type.CONVERSATION, peer, 0, 0, flags, ""), null);
  }
}
