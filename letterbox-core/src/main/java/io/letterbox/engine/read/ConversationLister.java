package io.letterbox.engine.read;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.letterbox.engine.read.StateReader.Activity;
import io.letterbox.model.Conversation;
import io.letterbox.model.Folder;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.rows.ConversationRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The conversation list (decision 0008): the owner's activity index, one range scan per page,
 * merged with the newest broadcast of each sender that reached the owner. A page costs O(page)
 * reads whatever the owner's number of conversations; the per-owner broadcast heads are cached,
 * bounded in bytes, and moved forward by new broadcasts when the owner lists.
 */
public final class ConversationLister {
  static final char KIND = 'c';

  /** List order: pinned first, then newest first, then by peer. */
  static final Comparator<Activity> ORDER = Comparator.comparing((Activity p) -> !p.pinned())
      .thenComparing(Comparator.comparingLong(Activity::lastId).reversed())
      .thenComparingLong(Activity::peer);

  private final StateReader state;
  private final Cursors cursors;
  private final UnreadCounter unread;
  private final Cache<Long, BroadcastHeads> heads;

  /** @param cachedHeadBytes the bound of the per-owner broadcast heads cache, in bytes */
  public ConversationLister(StateReader state, Cursors cursors, UnreadCounter unread, long cachedHeadBytes) {
    this.state = state;
    this.cursors = cursors;
    this.unread = unread;
    this.heads = Caffeine.newBuilder()
        .maximumWeight(cachedHeadBytes)
        .weigher((Long owner, BroadcastHeads h) -> h.weight())
        .build();
  }

  public Page<Conversation> page(long owner, Folder folder, String cursor, int limit) {
    Activity after = null;
    if (cursor != null) {
      long[] p = cursors.decode(cursor, KIND, owner, folder.ordinal(), 3);
      after = new Activity(p[0] == 0, p[1], p[2]);
    }
    long floor = state.ownerWatermark(owner);
    BroadcastHeads broadcasts = heads.get(owner, o -> new BroadcastHeads());
    List<Activity> fromBroadcasts;
    Map<Long, Long> headOf;
    synchronized (broadcasts) {
      int weight = broadcasts.weight();
      broadcasts.refresh(owner, floor);
      fromBroadcasts = broadcasts.places(folder, after);
      headOf = broadcasts.heads();
      if (broadcasts.weight() != weight) {
        // The cache weighs an entry when it is put: put it again, so that its bound holds.
        heads.asMap().replace(owner, broadcasts, broadcasts);
      }
    }
    List<Activity> places = new ArrayList<>(limit + 1);
    ActivityScan scan = new ActivityScan(owner, folder, after, floor, limit + 1);
    int b = 0;
    while (places.size() <= limit) {
      Activity a = scan.peek();
      while (a != null && headOf.getOrDefault(a.peer(), 0L) > a.lastId()) {
        // The peer's newest broadcast is newer: it is listed at that broadcast's place.
        scan.next();
        a = scan.peek();
      }
      Activity c = b < fromBroadcasts.size() ? fromBroadcasts.get(b) : null;
      if (a == null && c == null) {
        break;
      }
      if (c == null || (a != null && ORDER.compare(a, c) < 0)) {
        places.add(scan.next());
      } else {
        places.add(c);
        b++;
      }
    }
    boolean more = places.size() > limit;
    List<Activity> shown = more ? places.subList(0, limit) : places;
    String next = null;
    if (more) {
      Activity tail = shown.get(shown.size() - 1);
      next = cursors.encode(KIND, owner, folder.ordinal(), tail.pinned() ? 0 : 1, tail.lastId(), tail.peer());
    }
    return new Page<>(items(owner, shown), next);
  }

  /** The owner's conversation with {@code peer} as its list shows it; null if it has no visible message. */
  public Conversation one(long owner, long peer, Message newest) {
    if (newest == null) {
      return null;
    }
    ConversationRow row = state.conversationRow(owner, peer);
    return item(peer, newest, row, unread.byDevice(owner, List.of(peer), List.of(row)).get(0));
  }

  /**
   * The items at {@code places}: an activity entry carries its row, with the last message; a
   * broadcast sender's place needs its row (if it has one) and its newest broadcast read.
   */
  private List<Conversation> items(long owner, List<Activity> places) {
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
      List<Long> senders = new ArrayList<>(fromBroadcasts.size());
      List<Long> ids = new ArrayList<>(fromBroadcasts.size());
      for (int i : fromBroadcasts) {
        senders.add(peers.get(i));
        ids.add(places.get(i).lastId());
      }
      List<ConversationRow> read = state.conversationRows(owner, senders);
      List<Message> broadcasts = state.messages(ids);
      for (int k = 0; k < fromBroadcasts.size(); k++) {
        rows.set(fromBroadcasts.get(k), read.get(k));
        newest.set(fromBroadcasts.get(k), broadcasts.get(k));
      }
    }
    List<Map<String, Long>> unreadCounts = unread.byDevice(owner, peers, rows);
    List<Conversation> out = new ArrayList<>(places.size());
    for (int i = 0; i < places.size(); i++) {
      if (newest.get(i) != null) {
        out.add(item(peers.get(i), newest.get(i), rows.get(i), unreadCounts.get(i)));
      }
    }
    return out;
  }

  private static Conversation item(long peer, Message newest, ConversationRow row, Map<String, Long> unread) {
    return new Conversation(peer, newest, unread, row.pinned(), row.muted(), row.archived(), row.peerReadUpTo());
  }

  /**
   * The owner's row of its conversation with {@code peer} may have changed (a message, a follow):
   * if the owner's broadcast heads hold that row, they are derived again when asked.
   */
  public void rowChanged(long owner, long peer) {
    BroadcastHeads h = heads.getIfPresent(owner);
    if (h != null && h.holdsRow(peer)) {
      heads.invalidate(owner);
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
        buffer = state.activity(owner, folder, last, floor, chunk);
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

  /**
   * One owner's broadcast senders with the newest broadcast of each that reached it (0: none
   * visible), how far each was checked, and the owner's rows of those that have one.
   */
  private final class BroadcastHeads {
    private final Map<Long, long[]> bySender = new HashMap<>();
    private final Map<Long, ConversationRow> rows = new HashMap<>();
    /** The senders listed at their broadcast's place, by folder, in list order; null: derive again. */
    private Map<Folder, List<Activity>> listed;
    private Map<Long, Long> visibleHeads;

    /** Checks only the senders that broadcast since the last check. */
    void refresh(long owner, long floor) {
      Set<Long> contacts = state.broadcasts().contacts(owner);
      if (bySender.keySet().retainAll(contacts)) {
        listed = null;
      }
      Set<Long> blocked = new HashSet<>(state.blockedPeers(owner));
      Map<Long, Long> watermarks = null;
      List<Long> needRows = new ArrayList<>();
      Map<Long, Long> latestOf = state.broadcasts().latest(contacts);
      for (long sender : contacts) {
        long latest = latestOf.getOrDefault(sender, 0L);
        long[] h = bySender.computeIfAbsent(sender, s -> new long[2]);
        if (latest <= h[1]) {
          continue;
        }
        if (watermarks == null) {
          watermarks = state.conversationWatermarks(owner);
        }
        long above = Math.max(Math.max(floor, watermarks.getOrDefault(sender, 0L)), h[1]);
        if (!blocked.contains(sender)) {
          List<Long> newest = state.broadcasts().reaching(sender, owner, above, Long.MAX_VALUE, 1,
              id -> state.hidden(owner, sender, id));
          if (!newest.isEmpty() && newest.get(0) > h[0]) {
            h[0] = newest.get(0);
            listed = null;
            if (!rows.containsKey(sender)) {
              needRows.add(sender);
            }
          }
        }
        h[1] = latest;
      }
      if (!needRows.isEmpty()) {
        List<ConversationRow> read = state.conversationRows(owner, needRows);
        for (int i = 0; i < needRows.size(); i++) {
          rows.put(needRows.get(i), read.get(i));
        }
        listed = null;
      }
    }

    /** The senders with a visible head, and their heads (not to be changed). */
    Map<Long, Long> heads() {
      derive();
      return visibleHeads;
    }

    /** The senders listed at their broadcast's place in {@code folder}, after {@code after}, in order. */
    List<Activity> places(Folder folder, Activity after) {
      derive();
      List<Activity> all = listed.getOrDefault(folder, List.of());
      if (after == null) {
        return all;
      }
      int at = java.util.Collections.binarySearch(all, after, ORDER);
      return all.subList(at >= 0 ? at + 1 : -at - 1, all.size());
    }

    /** Sorts the listed senders again, only after a head or a row changed. */
    private void derive() {
      if (listed != null) {
        return;
      }
      Map<Folder, List<Activity>> byFolder = new java.util.EnumMap<>(Folder.class);
      Map<Long, Long> visible = new HashMap<>();
      bySender.forEach((sender, h) -> {
        if (h[0] == 0) {
          return;
        }
        visible.put(sender, h[0]);
        ConversationRow row = rows.getOrDefault(sender, ConversationRow.NONE);
        if (row.lastId() < h[0]) {
          // Else it is listed at its one-to-one message's place.
          byFolder.computeIfAbsent(row.folder(), f -> new ArrayList<>()).add(new Activity(row.pinned(), h[0], sender));
        }
      });
      byFolder.values().forEach(l -> l.sort(ORDER));
      listed = byFolder;
      visibleHeads = java.util.Collections.unmodifiableMap(visible);
    }

    synchronized boolean holdsRow(long peer) {
      return rows.containsKey(peer);
    }

    int weight() {
      // The listed copy and the visible heads hold up to one more entry per sender.
      return 64 + 96 * bySender.size() + 64 * rows.size();
    }
  }
}
