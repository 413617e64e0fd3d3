package io.letterbox.engine.apply;

import io.letterbox.rows.FeedRow;

import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.store.Bytes;

/**
 * The owner emptied every conversation: one owner watermark at {@code upTo}. Its activity entries
 * stay, below the watermark: a list stops where they begin, and a new message moves each one.
 */
public record AllDeleted(long owner, long upTo) implements Action {
  static final byte TAG = 6;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(owner).l(upTo);
  }

  static AllDeleted read(ActionCodec.Reader r) {
    return new AllDeleted(r.l(), r.l());
  }

  @Override
  public void apply(Applying to) {
    to.batch().put(Spaces.STATE, StateKey.ownerWatermark(owner), Bytes.ofLong(upTo));
    to.event(owner, new FeedRow(FeedRow.Type.DELETED, 0, 0, upTo, 0, ""), null);
    // Only conversations with incoming messages can have unread ones.
    to.state().conversations().conversationRows(owner).forEach((peer, row) -> {
      if (row.incoming() > 0) {
        ConversationRows.markAllRead(to, owner, peer, upTo);
      }
    });
  }
}
