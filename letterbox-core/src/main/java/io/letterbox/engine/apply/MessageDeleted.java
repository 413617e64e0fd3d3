package io.letterbox.engine.apply;

import io.letterbox.rows.FeedRow;

import io.letterbox.rows.ConversationRow;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.TimelineKey;
import io.letterbox.rows.ReadPosition;
import io.letterbox.rows.TimelineFlags;

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
    to.event(owner, FeedRow.message(FeedRow.Type.DELETED, peer, id), null);
    hide(to, owner, peer, id);
  }

  /**
   * Hides message {@code id} from {@code owner}'s view of its conversation with {@code peer}: a
   * tombstone, unread counts that drop, and the conversation's place in the list if it was its
   * newest. An owner's delete does this; so does a message's vanishing for each of its parties
   * (decision 0045).
   */
  static void hide(Applying to, long owner, long peer, long id) {
    to.batch().put(Spaces.HIDDEN, TimelineKey.of(owner, peer, id), EMPTY);
    byte[] timelineRow = to.state().conversations().timelineRow(owner, peer, id);
    if (timelineRow != null && TimelineFlags.countsAsUnread(timelineRow)) {
      // An unread message that disappears no longer counts on the devices that had not read it.
      ConversationRow old = to.state().conversations().conversationRow(owner, peer);
      ConversationRow row = old;
      for (String device : to.config().devices()) {
        ReadPosition p = old.position(device);
        if (p.upTo() < id) {
          row = row.withPosition(device, new ReadPosition(p.upTo(), p.base() + 1));
        }
      }
      ConversationRows.write(to, owner, peer, old, row);
    }
    ConversationRow conversation = to.state().conversations().conversationRow(owner, peer);
    if (conversation.lastId() == id) {
      ConversationRows.lastIdIs(to, owner, peer, conversation, to.state().conversations().lastVisibleBelow(owner, peer, id));
    }
  }
}
