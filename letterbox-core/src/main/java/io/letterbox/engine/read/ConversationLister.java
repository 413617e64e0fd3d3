package io.letterbox.engine.read;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.letterbox.model.Conversation;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The conversation list. The order by latest activity is derived, not written: an owner's rows are
 * grouped by peer, so walking the owner's range backwards with one seek per peer finds every
 * conversation's newest row. That walk runs once per owner; the result is cached and moved
 * forward by the writer, so sending a message costs no extra write for the list.
 */
public final class ConversationLister {
  static final char KIND = 'c';

  private final StateReader state;
  private final Cursors cursors;
  private final UnreadCounter unread;
  private final Cache<Long, ConversationIndex> cache;

  public ConversationLister(StateReader state, Cursors cursors, UnreadCounter unread, long cachedOwners) {
    this.state = state;
    this.cursors = cursors;
    this.unread = unread;
    this.cache = Caffeine.newBuilder().maximumSize(cachedOwners).build();
  }

  public Page<Conversation> page(long owner, String cursor, int limit) {
    ConversationIndex.Entry after = null;
    if (cursor != null) {
      long[] p = cursors.decode(cursor, KIND, owner, 0, 2);
      after = new ConversationIndex.Entry(p[0], p[1]);
    }
    List<ConversationIndex.Entry> all = latestByPeer(owner);
    int start = 0;
    if (after != null) {
      start = java.util.Collections.binarySearch(all, after, ConversationIndex.NEWEST_FIRST);
      start = start >= 0 ? start + 1 : -start - 1;
    }
    int end = Math.min(all.size(), start + limit);
    boolean more = end < all.size();
    List<ConversationIndex.Entry> entries = all.subList(start, end);
    List<Message> newest = state.messages(entries.stream().map(ConversationIndex.Entry::lastId).toList());
    List<Conversation> items = new ArrayList<>(entries.size());
    for (int i = 0; i < entries.size(); i++) {
      long peer = entries.get(i).peer();
      items.add(new Conversation(peer, newest.get(i), unread.byDevice(owner, peer)));
    }
    String next = null;
    if (more) {
      ConversationIndex.Entry tail = entries.get(entries.size() - 1);
      next = cursors.encode(KIND, owner, 0, tail.lastId(), tail.peer());
    }
    return new Page<>(items, next);
  }

  /**
   * Every conversation's newest visible message, newest first: the cached one-to-one index merged
   * with the newest broadcast of each sender that can have reached the owner.
   */
  private List<ConversationIndex.Entry> latestByPeer(long owner) {
    Map<Long, Long> last = new HashMap<>();
    for (ConversationIndex.Entry e : cache.get(owner, this::load).after(null)) {
      last.merge(e.peer(), e.lastId(), Math::max);
    }
    BroadcastIndex broadcasts = state.broadcasts();
    Set<Long> senders = broadcasts.contacts(owner);
    if (!senders.isEmpty()) {
      long ownerWatermark = state.ownerWatermark(owner);
      Map<Long, Long> watermarks = state.conversationWatermarks(owner);
      for (long sender : senders) {
        long watermark = Math.max(ownerWatermark, watermarks.getOrDefault(sender, 0L));
        if (broadcasts.latest(sender) <= watermark) {
          continue;
        }
        List<Long> newest = broadcasts.reaching(sender, owner, watermark, Long.MAX_VALUE, 1,
            id -> state.hidden(owner, sender, id));
        if (!newest.isEmpty()) {
          last.merge(sender, newest.get(0), Math::max);
        }
      }
    }
    List<ConversationIndex.Entry> out = new ArrayList<>(last.size());
    last.forEach((peer, id) -> out.add(new ConversationIndex.Entry(id, peer)));
    out.sort(ConversationIndex.NEWEST_FIRST);
    return out;
  }

  /** A new message {@code id} between owner and peer became visible. */
  public void advance(long owner, long peer, long id) {
    cache.asMap().computeIfPresent(owner, (o, index) -> {
      index.advance(peer, id);
      return index;
    });
  }

  /** Something of the owner's list disappeared; derive it again when asked. */
  public void forget(long owner) {
    cache.invalidate(owner);
  }

  private ConversationIndex load(long owner) {
    long ownerWatermark = state.ownerWatermark(owner);
    Map<Long, Long> watermarks = state.conversationWatermarks(owner);
    ConversationIndex index = new ConversationIndex();
    long below = Long.MAX_VALUE;
    while (true) {
      long[] newest = state.newestRowOfPeerBelow(owner, below);
      if (newest == null) {
        return index;
      }
      long peer = newest[0];
      long watermark = Math.max(ownerWatermark, watermarks.getOrDefault(peer, 0L));
      long lastVisible = lastVisible(owner, peer, newest[1], watermark);
      if (lastVisible > 0) {
        index.advance(peer, lastVisible);
      }
      below = peer;
    }
  }

  /** The newest id at or below {@code newest} above the watermark and not deleted; 0 if none. */
  private long lastVisible(long owner, long peer, long newest, long watermark) {
    if (newest <= watermark) {
      return 0;
    }
    Set<Long> hidden = state.hiddenIds(owner, peer, watermark + 1, Long.MAX_VALUE);
    if (!hidden.contains(newest)) {
      return newest;
    }
    long upper = newest;
    while (true) {
      List<Long> older = state.timeline(owner, peer, watermark + 1, upper, 64);
      for (long id : older) {
        if (!hidden.contains(id)) {
          return id;
        }
      }
      if (older.size() < 64) {
        return 0;
      }
      upper = older.get(older.size() - 1);
    }
  }
}
