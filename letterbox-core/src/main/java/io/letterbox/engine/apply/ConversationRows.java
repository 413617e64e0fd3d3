package io.letterbox.engine.apply;

import io.letterbox.keys.ActivityKey;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.RequestsKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rows.ConversationRow;
import io.letterbox.rows.ReadPosition;
import java.util.Map;

/**
 * Keeps an owner's conversation rows and activity index (decision 0008) as actions change them:
 * a conversation's row and its one activity entry always move together.
 */
final class ConversationRows {
  private ConversationRows() {}

  /**
   * One-to-one message {@code id} between {@code owner} and {@code peer} is now in the owner's
   * timeline.
   *
   * @param written whether the owner wrote it (a reply takes the conversation out of requests)
   * @param live whether it is a new message (an import of old history does not unarchive)
   * @param request whether a new conversation it starts waits in the requests folder (the sender
   *     decided it: the requests folder is on and the owner does not follow it); the owner's
   *     having written to the peer before (its row says so, even once deleted) overrides it
   * @return the row now
   */
  static ConversationRow arrived(Applying to, long owner, long peer, long id, boolean written, boolean live,
      boolean request) {
    ConversationRow old = to.state().conversationRow(owner, peer);
    ConversationRow row = old;
    if (written) {
      row = row.withRequest(false).withWrote();
    } else if (request && old.lastId() == 0 && !old.request() && !old.wrote()) {
      row = row.withRequest(true);
    }
    if (id > row.lastId()) {
      if (live && row.archived() && !row.muted()) {
        row = row.withSettings(row.pinned(), row.muted(), false);
      }
      row = row.withLastId(id);
    }
    write(to, owner, peer, old, row);
    return row;
  }

  /** The owner's newest visible one-to-one message with {@code peer} is now {@code lastId} (0: none). */
  static void lastIdIs(Applying to, long owner, long peer, ConversationRow old, long lastId) {
    write(to, owner, peer, old, old.withLastId(lastId));
  }

  /**
   * Replaces {@code old} (as read) by {@code row}, and its activity entry with it. A conversation
   * entering or leaving the requests folder carries its incoming and read counts into or out of
   * the folder's counters.
   */
  static void write(Applying to, long owner, long peer, ConversationRow old, ConversationRow row) {
    if (row.equals(old)) {
      return;
    }
    if (old.request() != row.request()) {
      long sign = row.request() ? 1 : -1;
      to.batch().increment(Spaces.REQUESTS, RequestsKey.incoming(owner), sign * to.state().incoming(owner, peer));
      for (Map.Entry<String, ReadPosition> e : to.state().positions(owner, peer).entrySet()) {
        to.batch().increment(Spaces.REQUESTS, RequestsKey.read(owner, e.getKey()), sign * e.getValue().base());
      }
    }
    boolean moved = old.lastId() != row.lastId() || old.folder() != row.folder() || old.pinned() != row.pinned();
    if (moved && old.lastId() > 0) {
      to.batch().delete(Spaces.ACTIVITY, ActivityKey.of(owner, old.folder(), old.pinned(), old.lastId(), peer));
    }
    if (moved && row.lastId() > 0) {
      to.batch().put(Spaces.ACTIVITY, ActivityKey.of(owner, row.folder(), row.pinned(), row.lastId(), peer),
          new byte[0]);
    }
    if (row.equals(ConversationRow.NONE)) {
      to.batch().delete(Spaces.CONVERSATIONS, PairKey.of(owner, peer));
    } else {
      to.batch().put(Spaces.CONVERSATIONS, PairKey.of(owner, peer), row.encode());
    }
  }
}
