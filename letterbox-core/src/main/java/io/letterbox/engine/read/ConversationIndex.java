package io.letterbox.engine.read;

import java.util.Comparator;
import java.util.Map;
import java.util.NavigableSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * One owner's conversations ordered by latest visible message, newest first: what the
 * conversation list pages through. Derived from the stored rows (see {@link ConversationLister}),
 * never stored itself; kept in a cache and moved forward by new messages. Updates come from the
 * single writer; readers iterate concurrently and may briefly see a moved conversation twice,
 * which the lister removes.
 */
final class ConversationIndex {
  /** (last message id, peer), newest first. */
  record Entry(long lastId, long peer) {}

  static final Comparator<Entry> NEWEST_FIRST =
      Comparator.comparingLong(Entry::lastId).reversed().thenComparingLong(Entry::peer);

  private final Map<Long, Long> lastByPeer = new ConcurrentHashMap<>();
  private final NavigableSet<Entry> ordered = new ConcurrentSkipListSet<>(NEWEST_FIRST);

  /** Records message {@code id} of the conversation with {@code peer} if it is newer. */
  void advance(long peer, long id) {
    Long old = lastByPeer.get(peer);
    if (old != null && old >= id) {
      return;
    }
    ordered.add(new Entry(id, peer));
    lastByPeer.put(peer, id);
    if (old != null) {
      ordered.remove(new Entry(old, peer));
    }
  }

  /** Entries strictly after {@code after} (null: from the start). */
  NavigableSet<Entry> after(Entry after) {
    return after == null ? ordered : ordered.tailSet(after, false);
  }
}
