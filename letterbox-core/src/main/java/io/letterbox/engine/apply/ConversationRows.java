package io.letterbox.engine.apply;

import io.letterbox.keys.ActivityKey;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.RequestsKey;
import io.letterbox.keys.Spaces;
import io.letterbox.engine.read.StateReader;
import io.letterbox.model.Message;
import io.letterbox.rows.ConversationRow;
import io.letterbox.rows.ReadPosition;
import io.letterbox.store.WriteBatch;
import java.util.Set;
import java.util.TreeSet;

/**
 * Keeps an owner's conversation rows and activity index (decision 0008) as actions change them:
 * a conversation's row and its one activity entry, which carries a copy of the row, always move
 * together, and so do its pin ({@link Spaces#PINNED}) and the requests folder's counters, which
 * are sums over the folder's rows.
 */
public final class ConversationRows {
  private ConversationRows() {}

  /**
   * One-to-one message {@code id} from {@code from} between {@code owner} and {@code peer} is now
   * in the owner's timeline.
   *
   * @param replyTo the message it replies to; 0 for none
   * @param live whether it is a new message (an import of old history does not unarchive and
   *     never counts as unread)
   * @param request whether a new conversation it starts waits in the requests folder (the sender
   *     decided it: the requests folder is on and the owner does not follow it); the owner's
   *     having written to the peer before (its row says so, even once deleted) overrides it
   * @return the row now
   */
  static ConversationRow arrived(Applying to, long owner, long peer, long id, long from, String text, String type,
      long replyTo, boolean live, boolean request) {
    ConversationRow old = to.state().conversations().conversationRow(owner, peer);
    ConversationRow row = old;
    boolean written = from == owner;
    if (written) {
      row = row.withRequest(false).withWrote();
    } else if (request && old.lastId() == 0 && !old.request() && !old.wrote()) {
      row = row.withRequest(true);
    }
    if (!written && live) {
      row = row.withIncoming(row.incoming() + 1);
    }
    if (id > row.lastId()) {
      if (live && row.archived() && !row.muted()) {
        row = row.withSettings(row.pinned(), row.muted(), false);
      }
      row = row.withLast(id, from, text, type, replyTo);
    }
    write(to, owner, peer, old, row);
    return row;
  }

  /** The owner's newest visible one-to-one message with {@code peer} is now {@code lastId} (0: none). */
  static void lastIdIs(Applying to, long owner, long peer, ConversationRow old, long lastId) {
    Message last = lastId == 0 ? null : to.state().message(lastId);
    write(to, owner, peer, old, old.withLast(last));
  }

  /** Every device has read everything up to {@code upTo}, which clears the whole conversation. */
  static void markAllRead(Applying to, long owner, long peer, long upTo) {
    ConversationRow old = to.state().conversations().conversationRow(owner, peer);
    ConversationRow row = old;
    for (String device : to.config().devices()) {
      row = row.withPosition(device, new ReadPosition(Math.max(upTo, old.position(device).upTo()), old.incoming()));
    }
    write(to, owner, peer, old, row);
  }

  /** Replaces {@code old} (as read) by {@code row}. */
  static void write(Applying to, long owner, long peer, ConversationRow old, ConversationRow row) {
    write(to.state(), to.batch(), owner, peer, old, row);
  }

  /**
   * Replaces {@code old} (as read) by {@code row}: the row, its activity entry (moved if its place
   * changed; the last message's text read from {@code state} if the row does not carry it), and the
   * requests folder's counters by what the conversation adds to or takes from them.
   */
  public static void write(StateReader state, WriteBatch batch, long owner, long peer, ConversationRow old,
      ConversationRow row) {
    if (row.equals(old)) {
      return;
    }
    if (old.request() || row.request()) {
      moveRequestsCounters(batch, owner, old, row);
    }
    if (row.lastId() > 0 && row.lastText() == null) {
      Message last = state.message(row.lastId());
      row = last == null ? row.withLast(row.lastId(), row.lastFrom(), "") : row.withLast(last);
    }
    replace(batch, owner, peer, old, row);
  }

  /**
   * Replaces the row {@code old} and its activity entry by {@code row} and its entry ({@code row}
   * carries its last message's text), and its pin if that changed, leaving the requests folder's
   * counters as they are. The old entry is deleted whether the new one moves or not:
   * {@link Spaces#ACTIVITY} is put once.
   */
  public static void replace(WriteBatch batch, long owner, long peer, ConversationRow old, ConversationRow row) {
    if (old.lastId() > 0) {
      batch.delete(Spaces.ACTIVITY, ActivityKey.of(owner, old.folder(), old.pinned(), old.lastId(), peer));
    }
    put(batch, owner, peer, row);
    if (row.pinned() != old.pinned()) {
      pin(batch, owner, peer, row.pinned());
    }
  }

  /** Records (or clears) the owner's pin of its conversation with {@code peer} in {@link Spaces#PINNED}. */
  public static void pin(WriteBatch batch, long owner, long peer, boolean pinned) {
    if (pinned) {
      batch.put(Spaces.PINNED, PairKey.of(owner, peer), new byte[0]);
    } else {
      batch.delete(Spaces.PINNED, PairKey.of(owner, peer));
    }
  }

  /**
   * Puts the row and, if it has a message, its activity entry at its place (deletes a row of
   * nothing); {@code row} carries its last message's text. The entry's key must have no value
   * ({@link Spaces#ACTIVITY} is put once): a row that had one is {@linkplain #replace replaced}.
   */
  private static void put(WriteBatch batch, long owner, long peer, ConversationRow row) {
    if (row.lastId() > 0) {
      batch.put(Spaces.ACTIVITY, ActivityKey.of(owner, row.folder(), row.pinned(), row.lastId(), peer),
          row.encodeWithText());
    }
    if (row.equals(ConversationRow.NONE)) {
      batch.delete(Spaces.CONVERSATIONS, PairKey.of(owner, peer));
    } else {
      batch.put(Spaces.CONVERSATIONS, PairKey.of(owner, peer), row.encode());
    }
  }

  /** The requests folder's counters are sums over its rows: they move by what this row adds or takes. */
  private static void moveRequestsCounters(WriteBatch batch, long owner, ConversationRow old, ConversationRow row) {
    long incoming = inRequests(row, row.incoming()) - inRequests(old, old.incoming());
    if (incoming != 0) {
      batch.increment(Spaces.REQUESTS, RequestsKey.incoming(owner), incoming);
    }
    Set<String> devices = new TreeSet<>(old.positions().keySet());
    devices.addAll(row.positions().keySet());
    for (String device : devices) {
      long read = inRequests(row, row.position(device).base()) - inRequests(old, old.position(device).base());
      if (read != 0) {
        batch.increment(Spaces.REQUESTS, RequestsKey.read(owner, device), read);
      }
    }
  }

  private static long inRequests(ConversationRow row, long count) {
    return row.request() ? count : 0;
  }

  /**
   * Tells {@code owner} that something of its conversation with {@code peer} changed (its
   * settings, its disappearing setting, its pins, its draft): a {@code conversation} event with
   * the row's settings.
   */
  static void changed(Applying to, long owner, long peer) {
    ConversationRow row = to.state().conversations().conversationRow(owner, peer);
    int flags = (row.pinned() ? io.letterbox.rows.FeedRow.PINNED : 0) | (row.muted() ? io.letterbox.rows.FeedRow.MUTED : 0)
        | (row.archived() ? io.letterbox.rows.FeedRow.ARCHIVED : 0);
    to.event(owner, new io.letterbox.rows.FeedRow(io.letterbox.rows.FeedRow.Type.CONVERSATION, peer, 0, 0, flags, ""), null);
  }

  /**
   * Tells member {@code owner} that something of its conversation in group {@code gid} changed
   * (its draft): a {@code conversation} event naming the group, with its settings of the group.
   */
  static void groupChanged(Applying to, long owner, long gid) {
    io.letterbox.rows.MembershipRow m = to.state().groups().membership(owner, gid);
    int flags = io.letterbox.rows.FeedRow.GROUP | (m != null && m.pinned() ? io.letterbox.rows.FeedRow.PINNED : 0)
        | (m != null && m.muted() ? io.letterbox.rows.FeedRow.MUTED : 0)
        | (m != null && (m.settings() & io.letterbox.rows.MembershipRow.ARCHIVED) != 0 ? io.letterbox.rows.FeedRow.ARCHIVED : 0);
    to.event(owner, new io.letterbox.rows.FeedRow(io.letterbox.rows.FeedRow.Type.CONVERSATION, gid, 0, 0, flags, ""), null);
  }
}
