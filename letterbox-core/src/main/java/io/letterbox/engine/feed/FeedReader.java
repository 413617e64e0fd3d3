package io.letterbox.engine.feed;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.Applier;
import io.letterbox.engine.partition.PartitionRecords;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.engine.read.Cursors;
import io.letterbox.engine.read.GroupReader;
import io.letterbox.engine.read.StateReader;
import io.letterbox.id.Ids;
import io.letterbox.keys.FeedKey;
import io.letterbox.keys.JournalKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Event;
import io.letterbox.model.Message;
import io.letterbox.model.SyncPage;
import io.letterbox.rows.FeedRow;
import io.letterbox.rows.JournalEntry;
import io.letterbox.rows.RevisionRow;
import io.letterbox.store.StoreReads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntToLongFunction;

/**
 * Reads an owner's events from a position (decision 0010): its feed rows, day bucket by day
 * bucket, up to the last entry of its partition that is applied and durable, then the broadcasts
 * of its senders and the messages of its groups that it was not given yet, merged by their ids as
 * history merges them.
 */
public final class FeedReader {
  /**
   * How long after its id's time a broadcast may become visible: broadcasts with ids older than
   * this are taken as all visible (a batch write and clock skew between nodes are far shorter).
   */
  public static final Duration BROADCAST_DELAY = Duration.ofSeconds(5);
  /** Most broadcasts of one sender a sync looks at. */
  private static final int MAX_BROADCASTS_PER_SENDER = 10_000;

  private final StoreReads store;
  private final StateReader state;
  private final Cursors cursors;
  private final Partitioning partitioning;
  private final LetterboxConfig config;
  private final IntToLongFunction durable;
  private final GroupReader groups;

  /** @param durable a partition's last journal seq known durable ({@code Long.MAX_VALUE}: all that is applied) */
  public FeedReader(StoreReads store, StateReader state, GroupReader groups, Cursors cursors, Partitioning partitioning,
      LetterboxConfig config, IntToLongFunction durable) {
    this.groups = groups;
    this.store = store;
    this.state = state;
    this.cursors = cursors;
    this.partitioning = partitioning;
    this.config = config;
    this.durable = durable;
  }

  /** The owner's position now: after every event of the feed and every broadcast older than the delay. */
  public FeedPosition now(long owner) {
    int p = partitioning.of(owner);
    long last = lastServed(p);
    return new FeedPosition(partitioning.count(), dayOf(p, last), last, Integer.MAX_VALUE, broadcastMark());
  }

  public FeedPosition decode(long owner, String position) {
    FeedPosition from = FeedPosition.decode(cursors, owner, position);
    if (from.partitions() != partitioning.count() || from.day() < oldestDay()) {
      throw new LetterboxException(ErrorCode.SYNC_TOO_OLD,
          "position is older than sync-retention (" + config.syncRetention() + "); list the conversations again");
    }
    return from;
  }

  public String encode(long owner, FeedPosition position) {
    return position.encode(cursors, owner);
  }

  /** A page of events after {@code from}, for a client. */
  public SyncPage sync(long owner, FeedPosition from, int limit) {
    Page page = read(owner, from, limit);
    return new SyncPage(page.events(), encode(owner, page.next()), page.more());
  }

  /** Events after a position, the position after them, and whether more were waiting. */
  record Page(List<Event> events, FeedPosition next, boolean more) {}

  /** A page of events after {@code from}. */
  Page read(long owner, FeedPosition from, int limit) {
    int p = partitioning.of(owner);
    long last = lastServed(p);
    int lastDay = dayOf(p, last);
    List<Event> events = new ArrayList<>();
    FeedPosition at = from;
    boolean more = false;
    // The feed's rows, day by day: one seek per day since the position.
    scan:
    for (int day = from.day(); day <= lastDay; day++) {
      List<byte[][]> rows = new ArrayList<>();
      int want = limit - events.size() + 1;
      store.scan(Spaces.FEED, day == from.day()
              ? FeedKey.after(day, owner, from.seq(), from.ordinal(), last)
              : FeedKey.through(day, owner, last),
          false, (k, v) -> {
            rows.add(new byte[][] {k, v});
            return rows.size() < want;
          });
      for (byte[][] kv : rows) {
        if (events.size() == limit) {
          more = true;
          break scan;
        }
        at = at.after(FeedKey.day(kv[0]), FeedKey.seq(kv[0]), FeedKey.ordinal(kv[0]));
        Event e = toEvent(owner, FeedRow.decode(kv[1]), null, encode(owner, at));
        if (e != null) {
          events.add(e);
        }
      }
    }
    if (!more) {
      if (last >= at.seq()) {
        at = at.after(Math.max(lastDay, at.day()), last, Integer.MAX_VALUE);
      }
      Merged merged = broadcasts(owner, at, limit - events.size(), events);
      at = merged.more() ? merged.at() : merged.at().withMark(broadcastMark());
      more = merged.more();
    }
    return new Page(events, at, more);
  }

  private record Merged(FeedPosition at, boolean more) {}

  /**
   * A broadcast to give ({@code revision} null), or the revision of one given before, merged in
   * the order of {@code key}: the broadcast's id, or the last id of the revision's millisecond.
   */
  private record Found(long key, long id, long sender, RevisionRow revision) {}

  /**
   * Adds, oldest first and at most {@code room}, the broadcasts after {@code from} that reached
   * the owner and the revisions made since {@code from} of those it was given before; each
   * event's position has the mark moved up to it.
   *
   * @return the position after them, and whether more were waiting
   */
  private Merged broadcasts(long owner, FeedPosition from, int room, List<Event> out) {
    Set<Long> senders = state.broadcasts().contacts(owner);
    List<GroupReader.Place> groupPlaces = groups.places(owner);
    if (senders.isEmpty() && groupPlaces.isEmpty()) {
      return new Merged(from, false);
    }
    long mark = broadcastMark();
    long horizon = config.revisionHorizon().toMillis();
    // A revision made after the mark is of a broadcast sent at most the revision horizon before it.
    long revisable = from.revisableFrom(horizon);
    List<Found> found = new ArrayList<>();
    List<long[]> had = new ArrayList<>();
    state.broadcasts().latest(senders).forEach((sender, latest) -> {
      if (latest < revisable || state.conversations().blocked(owner, sender)) {
        return;
      }
      long floor = Math.max(Math.min(from.mark(), revisable - 1), state.conversations().watermark(owner, sender));
      for (long id : state.broadcasts().reaching(sender, owner, floor, Long.MAX_VALUE, MAX_BROADCASTS_PER_SENDER,
          id -> state.conversations().hidden(owner, sender, id))) {
        if (!from.gave(id)) {
          found.add(new Found(id, id, sender, null));
        } else if (id >= revisable) {
          had.add(new long[] {id, sender});
        }
      }
    });
    // Group messages (decision 0011): like broadcasts, no feed row per member; those it may see
    // above the position's mark. Their revisions reach members through history and lists.
    for (GroupReader.Place g : groupPlaces) {
      long top = g.lastId();
      long floor = from.mark();
      if (Math.min(top, g.membership().toId()) <= Math.max(floor, g.membership().fromId())) {
        continue;
      }
      for (long id : state.groups().visible(owner, g.gid(), g.membership(), floor, top, MAX_BROADCASTS_PER_SENDER)) {
        if (!from.gave(id)) {
          found.add(new Found(id, id, 0, null));
        }
      }
    }
    // The broadcasts given now are given as they are: a revision of one made after the new mark is
    // given with it, and only one young enough for that needs its revision read.
    long youngNow = FeedPosition.revisableAfter(mark, horizon);
    List<Long> ids = new ArrayList<>(found.size() + had.size());
    found.forEach(f -> {
      if (f.id() >= youngNow) {
        ids.add(f.id());
      }
    });
    had.forEach(h -> ids.add(h[0]));
    Map<Long, RevisionRow> revisions = ids.isEmpty() ? Map.of() : state.revisions(ids);
    for (long[] h : had) {
      RevisionRow r = revisions.get(h[0]);
      if (r != null && !from.gaveRevision(h[0], r.revisedAt())) {
        found.add(new Found(Ids.firstIdAt(r.revisedAt() + 1) - 1, h[0], h[1], r));
      }
    }
    found.sort(java.util.Comparator.comparingLong(Found::key).thenComparing(f -> f.revision() != null));
    FeedPosition at = from;
    int n = 0;
    for (Found f : found) {
      if (n == room) {
        return new Merged(at, true);
      }
      Event event;
      if (f.revision() == null) {
        Message m = state.message(f.id());
        at = at.withBroadcast(f.id(), Math.min(f.id(), mark));
        RevisionRow r = revisions.get(f.id());
        if (r != null) {
          at = at.keepingRevision(f.id(), r.revisedAt());
        }
        event = m == null ? null : new Event.MessageArrived(encode(owner, at), m);
      } else {
        at = at.withRevision(f.id(), f.revision().revisedAt(), mark);
        event = toEvent(owner, FeedRow.message(f.revision().eventType(),
            f.sender(), f.id()), null, encode(owner, at));
      }
      if (event != null) {
        out.add(event);
        n++;
      }
    }
    return new Merged(at, false);
  }

  /** Every broadcast with an id up to this one is visible, if any will be. */
  long broadcastMark() {
    return Ids.firstIdAt(config.clock().millis() - BROADCAST_DELAY.toMillis()) - 1;
  }

  /**
   * The event a feed row names, as things are now; null for a message that is gone.
   *
   * @param content the message of a message event, if the writer had it at hand
   */
  Event toEvent(long owner, FeedRow row, Message content, String position) {
    return switch (row.type()) {
      case MESSAGE -> {
        Message m = content != null ? state.quoted(content) : state.message(row.messageId());
        yield m == null ? null : new Event.MessageArrived(position, m);
      }
      case RECALLED -> new Event.Recalled(position, row.peer(), row.messageId());
      case REMOVED -> new Event.Removed(position, row.peer(), 0, row.messageId());
      case EDITED -> {
        Message m = state.message(row.messageId());
        yield m == null ? null : new Event.Edited(position, row.peer(), state.reactions().join(owner, m));
      }
      case REACTION -> {
        Message m = state.message(row.messageId());
        yield m == null ? null : new Event.Reacted(position, row.peer(), state.reactions().join(owner, m));
      }
      case READ -> {
        boolean byPeer = (row.flags() & FeedRow.BY_PEER) != 0;
        yield new Event.Read(position, row.peer(), byPeer, byPeer ? null : row.device(), row.upTo());
      }
      case DELETED -> new Event.Deleted(position, row.peer(), row.messageId(), row.upTo());
      case GROUP -> new Event.GroupChanged(position, row.peer(), (row.flags() & FeedRow.JOINED) != 0);
      case CONVERSATION -> {
        boolean group = (row.flags() & FeedRow.GROUP) != 0;
        yield new Event.ConversationChanged(position, group ? 0 : row.peer(), group ? row.peer() : 0,
            (row.flags() & FeedRow.PINNED) != 0, (row.flags() & FeedRow.MUTED) != 0, (row.flags() & FeedRow.ARCHIVED) != 0);
      }
    };
  }

  /** The first day the feed keeps. */
  public int oldestDay() {
    return Applier.dayOf(config.clock().millis()) - (int) config.syncRetention().toDays();
  }

  /**
   * The event {@code row}, a row of {@code owner}'s feed at (day, seq, ordinal), names, as {@code
   * sync} gives it; null for a message that is gone. For the feed's consumers (decision 0040).
   */
  public Event event(long owner, int day, long seq, int ordinal, FeedRow row) {
    return toEvent(owner, row, null, encode(owner, at(day, seq, ordinal)));
  }

  /**
   * Broadcast or group message {@code id} as a message event of {@code owner} (its sender, or its
   * group) at (day, seq, ordinal); null if it is gone.
   */
  public Event messageEvent(long owner, int day, long seq, int ordinal, long id) {
    Message m = state.message(id);
    return m == null ? null : new Event.MessageArrived(encode(owner, at(day, seq, ordinal)), m);
  }

  /** The completion of {@code sender}'s broadcast {@code id} at (day, seq, ordinal); null while it has not completed. */
  public Event broadcastCompleted(long sender, int day, long seq, int ordinal, long id) {
    io.letterbox.rows.BroadcastRecord r = state.broadcastRows().broadcastRecord(sender, id);
    return r == null || r.completedAt() == 0 ? null
        : new Event.BroadcastCompleted(encode(sender, at(day, seq, ordinal)), id, r.completedAt());
  }

  /** When {@code sender}'s broadcast {@code id} completed: 0 if it has not (or is gone). */
  public long completedAt(long sender, long id) {
    io.letterbox.rows.BroadcastRecord r = state.broadcastRows().broadcastRecord(sender, id);
    return r == null ? 0 : r.completedAt();
  }

  private FeedPosition at(int day, long seq, int ordinal) {
    return new FeedPosition(partitioning.count(), day, seq, ordinal, broadcastMark());
  }

  /** The last entry of partition {@code p} whose events may be served: applied, and durable. */
  public long servable(int p) {
    return lastServed(p);
  }

  /** The last entry of partition {@code p} whose events may be served: applied, and durable. */
  private long lastServed(int p) {
    return Math.min(PartitionRecords.applied(store, p), durable.applyAsLong(p));
  }

  /** The day of entry {@code seq} of partition {@code p}; today for an entry from before the feed. */
  private int dayOf(int p, long seq) {
    byte[] v = seq <= 0 ? null : store.get(Spaces.JOURNAL, JournalKey.of(p, seq));
    int day = v == null ? 0 : JournalEntry.decode(v).day();
    return day != 0 ? day : Applier.dayOf(config.clock().millis());
  }
}
