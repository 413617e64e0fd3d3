package io.letterbox.engine.read;

import io.letterbox.engine.read.StateReader.Activity;
import io.letterbox.model.Folder;
import io.letterbox.rows.ConversationRow;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One owner's broadcast senders as its conversation list places them (decision 0008): each with
 * the newest broadcast of it that reached the owner as far as it was checked, the owner's row of
 * it (folder, pin, block, its one-to-one last message), and its place, kept in list order per
 * folder. A sender is checked only when a page reaches its place: it is placed at its newest
 * broadcast until then, which bounds the newest that reached the owner, so a page checks about
 * as many senders as it shows.
 *
 * <p>Derived once (the owner's senders read, their rows read), then kept up to date in O(changes):
 * a broadcast published or fanned out since is taken from {@link BroadcastIndex#since}, a sender
 * whose row changed is read again ({@link #rowChanged}). So a page costs O(page) whatever the
 * number of senders the owner follows. Not thread-safe: its user locks it.
 */
final class SenderHeads {
  private static final long[] NO_HEAD = {0, 0, 0};

  private final StateReader state;
  private final long owner;
  /** By sender: the newest visible broadcast that reached the owner (0: none), checked up to, the sender's newest. */
  private final Map<Long, long[]> bySender = new HashMap<>();
  private final Map<Long, ConversationRow> rows = new HashMap<>();
  /** Senders whose row is to be read (again) before they are placed. */
  private final Set<Long> unread = new HashSet<>();
  private final Map<Long, Activity> placeOf = new HashMap<>();
  private final Map<Folder, TreeSet<Activity>> placesIn = new EnumMap<>(Folder.class);
  private Map<Long, Long> watermarks;
  private long floor;
  /** The position in the index's record of publications taken so far; -1 before the first derivation. */
  private long seen = -1;

  SenderHeads(StateReader state, long owner) {
    this.state = state;
    this.owner = owner;
  }

  /**
   * Brings the senders up to date: derived again if nothing is known yet, the owner's floor moved
   * or the publications since are no longer known; else the broadcasts since are taken in.
   */
  void refresh(long floor) {
    BroadcastIndex index = state.broadcasts();
    BroadcastIndex.Recent recent = seen < 0 || floor != this.floor ? null : index.since(seen);
    if (recent == null) {
      derive(floor);
    } else {
      seen = recent.position();
      for (int i = 0; i < recent.senders().length; i++) {
        took(recent.senders()[i], recent.ids()[i]);
      }
    }
    if (!unread.isEmpty()) {
      List<Long> senders = new ArrayList<>(unread);
      List<ConversationRow> read = state.conversationRows(owner, senders);
      unread.clear();
      for (int i = 0; i < senders.size(); i++) {
        rows.put(senders.get(i), read.get(i));
        place(senders.get(i));
      }
    }
  }

  private void derive(long floor) {
    BroadcastIndex index = state.broadcasts();
    // The position first: what is published while the senders are read is taken in next time.
    seen = index.position();
    this.floor = floor;
    watermarks = null;
    bySender.clear();
    rows.clear();
    unread.clear();
    placeOf.clear();
    placesIn.clear();
    Set<Long> contacts = index.contacts(owner);
    Map<Long, Long> latestOf = index.latest(contacts);
    for (long sender : contacts) {
      bySender.put(sender, new long[] {0, 0, latestOf.getOrDefault(sender, 0L)});
    }
    unread.addAll(contacts);
  }

  /**
   * Broadcast {@code id} of {@code sender} was published or fanned out. A sender not among the
   * owner's yet is one if the broadcast reached the owner: a first broadcast to it, or one it
   * follows now.
   */
  private void took(long sender, long id) {
    long[] h = bySender.get(sender);
    if (h == null) {
      if (sender == owner || !state.broadcasts().reached(sender, id, owner)) {
        return;
      }
      h = new long[3];
      bySender.put(sender, h);
      unread.add(sender);
    }
    if (id > h[2]) {
      h[2] = id;
      place(sender);
    }
  }

  /** Whether {@code peer} is one of the owner's broadcast senders. */
  boolean isSender(long peer) {
    return bySender.containsKey(peer);
  }

  /** The newest broadcast of {@code sender} that reached the owner and is shown (0: none), checked now if need be. */
  long headOf(long sender) {
    long[] h = bySender.getOrDefault(sender, NO_HEAD);
    if (h == NO_HEAD || row(sender).blocked()) {
      return 0;
    }
    if (h[2] > h[1]) {
      if (watermarks == null) {
        watermarks = state.conversationWatermarks(owner);
      }
      long above = Math.max(Math.max(floor, watermarks.getOrDefault(sender, 0L)), h[1]);
      long head = 0;
      if (h[2] > above && state.broadcasts().reached(sender, h[2], owner) && !state.hidden(owner, sender, h[2])) {
        // Most often the sender's newest broadcast reached the owner: one point read says so.
        head = h[2];
      } else {
        List<Long> newest = state.broadcasts().reaching(sender, owner, above, Long.MAX_VALUE, 1,
            id -> state.hidden(owner, sender, id));
        head = newest.isEmpty() ? 0 : newest.get(0);
      }
      h[0] = Math.max(h[0], head);
      h[1] = h[2];
      place(sender);
    }
    return h[0];
  }

  /** The owner's row of {@code sender} as read last ({@link ConversationRow#NONE} if it has none). */
  ConversationRow row(long sender) {
    return rows.getOrDefault(sender, ConversationRow.NONE);
  }

  /**
   * Puts the sender at its place: its head if checked, else its newest broadcast (where its head
   * can be at most); nowhere if it is blocked or its one-to-one message is newer (listed there).
   * A check only lowers a place, so a sender never moves before a place a page has passed.
   */
  private void place(long sender) {
    Activity old = placeOf.remove(sender);
    if (old != null) {
      for (TreeSet<Activity> places : placesIn.values()) {
        places.remove(old);
      }
    }
    if (unread.contains(sender)) {
      return;
    }
    ConversationRow row = row(sender);
    long[] h = bySender.get(sender);
    long bound = h[2] > h[1] ? h[2] : h[0];
    if (!row.blocked() && bound > row.lastId()) {
      Activity place = new Activity(row.pinned(), bound, sender);
      placesIn.computeIfAbsent(row.folder(), f -> new TreeSet<>(ConversationLister.ORDER)).add(place);
      placeOf.put(sender, place);
    }
  }

  /** The senders listed at their broadcast's place in {@code folder}, after {@code after}, in list order. */
  Places places(Folder folder, Activity after) {
    return new Places(placesIn.computeIfAbsent(folder, f -> new TreeSet<>(ConversationLister.ORDER)), after);
  }

  /** A walk of a folder's places; the first unchecked sender is checked before it is shown. */
  final class Places {
    private final TreeSet<Activity> places;
    private Activity last;

    private Places(TreeSet<Activity> places, Activity after) {
      this.places = places;
      this.last = after;
    }

    /** @return the next sender's place, checked; null if none */
    Activity peek() {
      while (true) {
        Activity top = last == null ? (places.isEmpty() ? null : places.first()) : places.higher(last);
        if (top == null) {
          return null;
        }
        long[] h = bySender.get(top.peer());
        if (h[2] <= h[1]) {
          return top;
        }
        headOf(top.peer());
      }
    }

    void next() {
      last = peek();
    }
  }

  /** The owner's row of {@code peer} changed: if it is a sender, its row is read again before it is placed. */
  void rowChanged(long peer) {
    if (bySender.containsKey(peer)) {
      rows.remove(peer);
      unread.add(peer);
      place(peer);
    }
  }

  /** Heap bytes, roughly: a sender's entry, place and tree node, and its row. */
  int weight() {
    return 64 + 192 * bySender.size() + 64 * rows.size();
  }
}
