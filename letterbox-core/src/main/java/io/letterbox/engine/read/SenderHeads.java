package io.letterbox.engine.read;

import io.letterbox.engine.read.ConversationState.Activity;
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
 * it (folder, pin, block, its one-to-one last message) once read, and its place, kept in list
 * order per folder. A sender is checked only when a page reaches its place: it is placed at its
 * newest broadcast until then, which bounds the newest that reached the owner, so a page checks
 * about as many senders as it shows.
 *
 * <p>Derived once (the owner's senders read, and its pins), then kept up to date in O(changes):
 * a broadcast published or fanned out since is taken from {@link BroadcastIndex#since}, a sender
 * whose row changed is read again ({@link #rowChanged}). The rows of the senders are read as the
 * pages reach them, a page's worth at a time: until then a sender is placed in every folder,
 * pinned if the owner pinned it, and reading its row can only take it out of a folder or lower it.
 * So a page costs O(page) whatever the number of senders the owner follows. Not thread-safe: its
 * user locks it.
 */
final class SenderHeads {
  private static final long[] NO_HEAD = {0, 0, 0};
  /** The most rows of senders a walk reads at once. */
  private static final int MOST_ROWS_AT_ONCE = 4096;

  private final StateReader state;
  private final long owner;
  /** By sender: the newest visible broadcast that reached the owner (0: none), checked up to, the sender's newest. */
  private final Map<Long, long[]> bySender = new HashMap<>();
  /** The owner's rows of its senders as read; a sender not here has not had its row read yet. */
  private final Map<Long, ConversationRow> rows = new HashMap<>();
  /** Senders whose row is to be read (again) before they are placed: changed ones, new ones. */
  private final Set<Long> unread = new HashSet<>();
  /** The owner's pinned peers, as read when derived. */
  private Set<Long> pinned = Set.of();
  private final Map<Long, Activity> placeOf = new HashMap<>();
  /** By folder, the places of the senders whose row was read and lists them there. */
  private final Map<Folder, TreeSet<Activity>> placesIn = new EnumMap<>(Folder.class);
  /** The places of the senders whose row has not been read: a walk of any folder passes them. */
  private final TreeSet<Activity> unsorted = new TreeSet<>(ConversationLister.ORDER);
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
      unread.clear();
      readRows(senders);
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
    unsorted.clear();
    pinned = state.conversations().pinnedPeers(owner);
    Set<Long> contacts = index.contacts(owner);
    Map<Long, Long> latestOf = index.latest(contacts);
    for (long sender : contacts) {
      bySender.put(sender, new long[] {0, 0, latestOf.getOrDefault(sender, 0L)});
      place(sender);
    }
  }

  /** Reads the owner's rows of {@code senders} and places them by their rows. */
  private void readRows(List<Long> senders) {
    List<ConversationRow> read = state.conversations().conversationRows(owner, senders);
    for (int i = 0; i < senders.size(); i++) {
      rows.put(senders.get(i), read.get(i));
      place(senders.get(i));
    }
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

  /**
   * The newest broadcast of {@code sender} that reached the owner and is shown (0: none), checked
   * now if need be.
   *
   * @param row the owner's row of the sender as just read (an activity entry's copy), taken if
   *     the sender's row has not been read yet; null if none was
   */
  long headOf(long sender, ConversationRow row) {
    long[] h = bySender.getOrDefault(sender, NO_HEAD);
    if (h == NO_HEAD) {
      return 0;
    }
    if (!rows.containsKey(sender) && !unread.contains(sender)) {
      if (row == null) {
        readRows(List.of(sender));
      } else {
        rows.put(sender, row);
        place(sender);
      }
    }
    if (row(sender).blocked()) {
      return 0;
    }
    if (h[2] > h[1]) {
      if (watermarks == null) {
        watermarks = state.conversations().conversationWatermarks(owner);
      }
      long above = Math.max(Math.max(floor, watermarks.getOrDefault(sender, 0L)), h[1]);
      long head = 0;
      if (h[2] > above && state.broadcasts().reached(sender, h[2], owner) && !state.conversations().hidden(owner, sender, h[2])) {
        // Most often the sender's newest broadcast reached the owner: one point read says so.
        head = h[2];
      } else {
        List<Long> newest = state.broadcasts().reaching(sender, owner, above, Long.MAX_VALUE, 1,
            id -> state.conversations().hidden(owner, sender, id));
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
   * A sender whose row has not been read is placed in every folder, pinned if the owner pinned
   * it. A check or a row read only lowers a place or takes it out of a folder, so a sender never
   * moves before a place a page has passed.
   */
  private void place(long sender) {
    Activity old = placeOf.remove(sender);
    if (old != null) {
      unsorted.remove(old);
      for (TreeSet<Activity> places : placesIn.values()) {
        places.remove(old);
      }
    }
    if (unread.contains(sender)) {
      return;
    }
    long[] h = bySender.get(sender);
    long bound = h[2] > h[1] ? h[2] : h[0];
    ConversationRow row = rows.get(sender);
    if (row == null) {
      if (bound > 0) {
        Activity place = new Activity(pinned.contains(sender), bound, sender);
        unsorted.add(place);
        placeOf.put(sender, place);
      }
    } else if (!row.blocked() && bound > row.lastId()) {
      Activity place = new Activity(row.pinned(), bound, sender);
      placesIn.computeIfAbsent(row.folder(), f -> new TreeSet<>(ConversationLister.ORDER)).add(place);
      placeOf.put(sender, place);
    }
  }

  /**
   * The senders listed at their broadcast's place in {@code folder}, after {@code after}, in list
   * order; {@code rowsAtOnce} is how many rows of senders a walk reads at once at first (a page's
   * worth), twice as many at each later read, up to 4,096.
   */
  Places places(Folder folder, Activity after, int rowsAtOnce) {
    return new Places(placesIn.computeIfAbsent(folder, f -> new TreeSet<>(ConversationLister.ORDER)), after,
        rowsAtOnce);
  }

  /**
   * A walk of a folder's places, and of the places of senders whose row has not been read; the
   * first sender is read and checked before it is shown.
   */
  final class Places {
    private final TreeSet<Activity> places;
    private Activity last;
    private int rowsAtOnce;

    private Places(TreeSet<Activity> places, Activity after, int rowsAtOnce) {
      this.places = places;
      this.last = after;
      this.rowsAtOnce = Math.max(1, Math.min(rowsAtOnce, MOST_ROWS_AT_ONCE));
    }

    /** @return the next sender's place, checked; null if none */
    Activity peek() {
      while (true) {
        Activity sorted = next(places);
        Activity top = next(unsorted);
        if (top == null || (sorted != null && ConversationLister.ORDER.compare(sorted, top) < 0)) {
          top = sorted;
        } else {
          // The first is a sender whose row has not been read: read it and those after it.
          List<Long> toRead = new ArrayList<>(rowsAtOnce);
          for (Activity a : unsorted.tailSet(top, true)) {
            if (toRead.size() == rowsAtOnce) {
              break;
            }
            toRead.add(a.peer());
          }
          rowsAtOnce = Math.min(2 * rowsAtOnce, MOST_ROWS_AT_ONCE);
          readRows(toRead);
          continue;
        }
        if (top == null) {
          return null;
        }
        long[] h = bySender.get(top.peer());
        if (h[2] <= h[1]) {
          return top;
        }
        headOf(top.peer(), null);
      }
    }

    private Activity next(TreeSet<Activity> in) {
      return last == null ? (in.isEmpty() ? null : in.first()) : in.higher(last);
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

  /** Heap bytes, roughly: a sender's entry, place and tree node, its row, the pins. */
  int weight() {
    return 64 + 192 * bySender.size() + 64 * rows.size() + 48 * pinned.size();
  }
}
