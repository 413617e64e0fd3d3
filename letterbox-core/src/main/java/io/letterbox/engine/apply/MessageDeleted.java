package io.letterbox.engine.apply;

import io.letterbox.rows.ConversationRow;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.keys.TimelineKey;
import io.letterbox.rows.ReadPosition;
import io.letterbox.rows.TimelineFlags;
import java.util.Map;

/**
 * The owner deleted one message from its view: a tombstone, unread counts that drop, and the
 * conversation's place in the list if it was its newest.
 */
public record MessageDeleted(long owner, long peer, long id) implements Action {
  static final byte TAG = 4;
  private static final byte[] EMPTY = new byte[0];

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(owner).l(peer).l(id);
  }

  static MessageDeleted read(ActionCodec.Reader r) {
    return new MessageDeleted(r.l(), r.l(), r.l());
  }

  @Override
  public void apply(Applying to) {
    to.batch().put(Spaces.HIDDEN, TimelineKey.of(owner, peer, id), EMPTY);
    ConversationRow conversation = to.state().conversationRow(owner, peer);
    if (conversation.lastId() == id) {
      ConversationRows.lastIdIs(to, owner, peer, conversation, to.state().lastVisibleBelow(owner, peer, id));
    }
    byte[] row = to.state().timelineRow(owner, peer, id);
    if (row != null && TimelineFlags.countsAsUnread(row)) {
      // An unread message that disappears no longer counts on the devices that had not read it.
      for (Map.Entry<String, ReadPosition> e : to.state().positions(owner, peer).entrySet()) {
        ReadPosition p = e.getValue();
        if (p.upTo() < id) {
          ReadPositions.write(to, owner, peer, e.getKey(), p, new ReadPosition(p.upTo(), p.base() + 1));
        }
      }
    }
  }
}
