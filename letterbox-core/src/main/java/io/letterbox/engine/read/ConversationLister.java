package io.letterbox.engine.read;

import com.github.benmanes.caffeine.cache.Cache;
import io.letterbox.engine.read.ConversationState.Activity;
import io.letterbox.model.Conversation;
import io.letterbox.model.Folder;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.rows.ConversationRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The conversation list (decision 0008): the owner's activity index, one range scan per page
 * whose entries carry everything an item shows, merged with the newest broadcast of each sender
 * that reached the owner and with the owner's groups at their newest message (decision 0011). A
 * page costs O(page) reads whatever the owner's number of conversations or of senders it follows:
 * senders are checked only as far as the page reaches, and what is known of them is cached per
 * owner, bounded in bytes, and kept up to date by the broadcasts published since
 * ({@link SenderHeads}), not derived again for each page. Groups cost one scan of the owner's
 * memberships and their heads (cached where this engine writes every post, else one multi-get)
 * per page: bounded by the groups it is in.
 */
public final class ConversationLister {
  static final char KIND = 'c';

  /** List order: pinned first, then newest first, then by peer. */
  static final Comparator<Activity> ORDER = (a, b) -> {
    // Written out: a list's senders are kept sorted by it, and composed comparators box.
    if (a.pinned() != b.pinned()) {
      return a.pinned() ? -1 : 1;
    }
    int newer = Long.compare(b.lastId(), a.lastId());
    return newer != 0 ? newer : Long.compare(a.peer(), b.peer());
  };

  private final StateReader state;
  private final Cursors cursors;
  private final UnreadCounter unread;
  private final GroupReader groups;
  private final Cache<Long, SenderHeads> heads;

  /** @param cachedHeadBytes the bound of the per-owner broadcast heads cache, in bytes */
  public ConversationLister(StateReader state, Cursors cursors, UnreadCounter unread, GroupReader groups,
      long cachedHeadBytes) {
    this.state = state;
    this.cursors = cursors;
    this.unread = unread;
    this.groups = groups;
    this.heads = ReadCaches.newBuilder()
        .maximumWeight(cachedHeadBytes)
        .weigher((Long owner, SenderHeads h) -> h.weight())
        .build();
  }

  public Page<Conversation> page(long owner, Folder folder, String cursor, int limit) {
    Activity after = null;
    if (cursor != null) {
      long[] p = cursors.decode(cursor, KIND, owner, folder.ordinal(), 3);
      after = new Activity(p[0] == 0, p[1], p[2]);
    }
    long floor = state.conversations().ownerWatermark(owner);
    SenderHeads broadcasts = heads.get(owner, o -> new SenderHeads(state, o));
    List<Activity> places = new ArrayList<>(limit + 1);
    Set<Long> senders = new java.util.HashSet<>();
    Map<Long, ConversationRow> senderRows = new HashMap<>();
    Map<Long, GroupReader.Place> groupsByKey = new HashMap<>();
    List<Activity> groupPlaces = groupPlaces(owner, folder, after, groupsByKey);
    int nextGroup = 0;
    synchronized (broadcasts) {
      int weight = broadcasts.weight();
      broadcasts.refresh(floor);
      SenderHeads.Places fromBroadcasts = broadcasts.places(folder, after, limit + 1);
      ActivityScan scan = new ActivityScan(owner, folder, after, floor, limit + 1);
      while (places.size() <= limit) {
        Activity a = scan.peek();
        while (a != null && broadcasts.headOf(a.peer(), a.row()) > a.lastId()) {
          // The peer's newest broadcast is newer: it is listed at that broadcast's place.
          scan.next();
          a = scan.peek();
        }
        Activity c = fromBroadcasts.peek();
        Activity g = nextGroup < groupPlaces.size() ? groupPlaces.get(nextGroup) : null;
        Activity first = first(first(a, c), g);
        if (first == null) {
          break;
        }
        places.add(first);
        if (first == a) {
          scan.next();
        } else if (first == c) {
          fromBroadcasts.next();
        } else {
          nextGroup++;
        }
      }
      for (Activity a : places) {
        if (broadcasts.isSender(a.peer())) {
          senders.add(a.peer());
          if (a.row() == null) {
            senderRows.put(a.peer(), broadcasts.row(a.peer()));
          }
        }
      }
      if (broadcasts.weight() != weight) {
        // The cache weighs an entry when it is put: put it again, so that its bound holds.
        heads.asMap().replace(owner, broadcasts, broadcasts);
      }
    }
    boolean more = places.size() > limit;
    List<Activity> shown = more ? places.subList(0, limit) : places;
    String next = null;
    if (more) {
      Activity tail = shown.get(shown.size() - 1);
      next = cursors.encode(KIND, owner, folder.ordinal(), tail.pinned() ? 0 : 1, tail.lastId(), tail.peer());
    }
    return new Page<>(items(owner, shown, senders::contains, senderRows, groupsByKey), next);
  }

  /** The earlier of two places in list order; null if both are. */
  private static Activity first(Activity a, Activity b) {
    return a == null ? b : b == null || ORDER.compare(a, b) < 0 ? a : b;
  }

  /**
   * The owner's groups in {@code folder} after {@code after}, in list order, each at its newest
   * visible message, keyed by minus its id (a group's key in the list, apart from every uid).
   */
  private List<Activity> groupPlaces(long owner, Folder folder, Activity after, Map<Long, GroupReader.Place> byKey) {
    if (folder == Folder.REQUESTS) {
      return List.of();
    }
    List<Activity> out = new ArrayList<>();
    for (GroupReader.Place p : groups.places(owner)) {
      if (p.membership().archived(p.lastId()) != (folder == Folder.ARCHIVED)) {
        continue;
      }
      Activity place = new Activity(p.membership().pinned(), p.lastId(), -p.gid());
      if (after == null || ORDER.compare(place, after) > 0) {
        out.add(place);
        byKey.put(-p.gid(), p);
      }
    }
    out.sort(ORDER);
    return out;
  }

  /** The owner's conversation with {@code peer} as its list shows it; null if it has no visible message. */
  public Conversation one(long owner, long peer, Message newest) {
    if (newest == null) {
      return null;
    }
    ConversationRow row = state.conversations().conversationRow(owner, peer);
    return item(peer, newest, row, unread.byDevice(owner, List.of(peer), List.of(row), p -> true).get(0));
  }

  /**
   * The items at {@code places}: an activity entry carries its row, with the last message; a
   * broadcast sender's place has its row from the owner's senders ({@code senderRows}) and needs
   * its newest broadcast read.
   */
  private List<Conversation> items(long owner, List<Activity> all, java.util.function.LongPredicate broadcasters,
      Map<Long, ConversationRow> senderRows, Map<Long, GroupReader.Place> groupsByKey) {
    List<Activity> places = new ArrayList<>(all.size());
    List<GroupReader.Place> groupPlaces = new ArrayList<>();
    for (Activity a : all) {
      if (a.peer() < 0) {
        groupPlaces.add(groupsByKey.get(a.peer()));
      } else {
        places.add(a);
      }
    }
    List<Conversation> ones = oneToOne(owner, places, broadcasters, senderRows);
    if (groupPlaces.isEmpty()) {
      return ones;
    }
    List<Conversation> groupItems = groups.items(groupPlaces);
    List<Conversation> out = new ArrayList<>(all.size());
    int o = 0;
    int g = 0;
    for (Activity a : all) {
      if (a.peer() < 0) {
        out.add(groupItems.get(g++));
      } else if (o < ones.size() && ones.get(o).peer() == a.peer()) {
        out.add(ones.get(o++));
      }
    }
    return out;
  }

  /** The items of one-to-one places (a peer with no visible message is left out). */
  private List<Conversation> oneToOne(long owner, List<Activity> places, java.util.function.LongPredicate broadcasters,
      Map<Long, ConversationRow> senderRows) {
    List<Long> peers = new ArrayList<>(places.size());
    List<ConversationRow> rows = new ArrayList<>(places.size());
    List<Message> newest = new ArrayList<>(places.size());
    List<Integer> fromBroadcasts = new ArrayList<>();
    for (Activity p : places) {
      peers.add(p.peer());
      if (p.row() == null) {
        fromBroadcasts.add(rows.size());
      }
      rows.add(p.row());
      newest.add(p.row() == null ? null : p.row().lastMessage(owner, p.peer()));
    }
    if (!fromBroadcasts.isEmpty()) {
      List<Long> ids = new ArrayList<>(fromBroadcasts.size());
      for (int i : fromBroadcasts) {
        ids.add(places.get(i).lastId());
      }
      List<Message> broadcasts = state.messages(ids);
      for (int k = 0; k < fromBroadcasts.size(); k++) {
        rows.set(fromBroadcasts.get(k), senderRows.get(peers.get(fromBroadcasts.get(k))));
        newest.set(fromBroadcasts.get(k), broadcasts.get(k));
      }
    }
    // A last message that replies shows its quote, read with the originals of the page's other replies.
    newest = state.quoted(newest);
    List<Map<String, Long>> unreadCounts = unread.byDevice(owner, peers, rows, broadcasters);
    List<Conversation> out = new ArrayList<>(places.size());
    for (int i = 0; i < places.size(); i++) {
      if (newest.get(i) != null) {
        out.add(item(peers.get(i), newest.get(i), rows.get(i), unreadCounts.get(i)));
      }
    }
    return out;
  }

  private static Conversation item(long peer, Message newest, ConversationRow row, Map<String, Long> unread) {
    // The peer's read and delivery receipts are the row's (decision 0051): no read at list time.
    return new Conversation(peer, 0, newest, unread, row.pinned(), row.muted(), row.archived(), row.peerReadUpTo(), false,
        newest.createdAt(), null, row.peerDeliveredUpTo(), null);
  }

  /**
   * The owner's row of its conversation with {@code peer} may have changed (a message, a follow):
   * if the owner's broadcast heads hold that row, it is read again when next needed (what was
   * checked of the peer's broadcasts stays).
   */
  public void rowChanged(long owner, long peer) {
    SenderHeads h = heads.getIfPresent(owner);
    if (h != null) {
      synchronized (h) {
        h.rowChanged(peer);
      }
    }
  }

  /** The owner's settings, deletes or blocks changed: derive its broadcast heads again when asked. */
  public void forget(long owner) {
    heads.invalidate(owner);
  }

  /** Forgets every owner's broadcast heads (a partition came back to this node). */
  public void forgetAll() {
    heads.invalidateAll();
  }

  /** The cached bytes of broadcast heads, as the cache weighs them. */
  public long cachedBytes() {
    return CacheWeights.of(heads);
  }

  /** The activity index of one folder in list order, read a page at a time. */
  private final class ActivityScan {
    private final long owner;
    private final Folder folder;
    private final long floor;
    private final int chunk;
    private Activity last;
    private List<Activity> buffer = List.of();
    private int at;
    private boolean done;

    ActivityScan(long owner, Folder folder, Activity after, long floor, int chunk) {
      this.owner = owner;
      this.folder = folder;
      this.floor = floor;
      this.chunk = chunk;
      this.last = after;
    }

    Activity peek() {
      if (at >= buffer.size()) {
        if (done) {
          return null;
        }
        buffer = state.conversations().activity(owner, folder, last, floor, chunk);
        at = 0;
        done = buffer.size() < chunk;
        if (buffer.isEmpty()) {
          return null;
        }
      }
      return buffer.get(at);
    }

    Activity next() {
      last = peek();
      at++;
      return last;
    }
  }
}
