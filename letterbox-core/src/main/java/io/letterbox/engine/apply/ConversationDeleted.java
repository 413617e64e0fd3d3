package io.letterbox.engine.apply;

import io.letterbox.rows.FeedRow;

import io.letterbox.rows.ConversationRow;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.store.Bytes;

/**
 * The owner emptied one conversation: a watermark at {@code upTo}, every device has read it, and
 * it leaves the list until a new message comes.
 */
public record ConversationDeleted(long owner, long peer, long upTo) implements Action {
  static final byte TAG = 5;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(owner).l(peer).l(upTo);
  }

  static ConversationDeleted read(ActionCodec.Reader r) {
    return new ConversationDeleted(r.l(), r.l(), r.l());
  }

  @Override
  public void apply(Applying to) {
    to.batch().put(Spaces.STATE, StateKey.conversationWatermark(owner, peer), Bytes.ofLong(upTo));
    ConversationRows.markAllRead(to, owner, peer, upTo);
    to.event(owner, new FeedRow(FeedRow.Type.DELETED, peer, 0, upTo, 0, ""), null);
    ConversationRow conversation = to.state().conversations().conversationRow(owner, peer);
    if (conversation.lastId() > 0 && conversation.lastId() <= upTo) {
      ConversationRows.lastIdIs(to, owner, peer, conversation, 0);
    }
  }
}
