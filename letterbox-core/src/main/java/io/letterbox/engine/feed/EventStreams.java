package io.letterbox.engine.feed;

import io.letterbox.bitmap.Blocks;
import io.letterbox.engine.read.StateReader;
import io.letterbox.keys.AudienceKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Event;
import io.letterbox.model.Message;
import io.letterbox.rows.FeedRow;
import io.letterbox.rows.RevisionRow;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.LongPredicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live event streams of the owners this node hosts (decision 0010). A stream first catches
 * up from its position by reading the feed ({@link FeedReader}), meanwhile keeping what arrives
 * live; then it is handed the events of each durable batch of its owner's partition and every
 * broadcast published to its owner, in memory: nothing is stored per receiver. Positions make
 * the hand-over exact: an event at or before the stream's position is not given again.
 *
 * <p>Every stream's state changes on one thread; sinks are called on it and must not block.
 */
public final class EventStreams implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(EventStreams.class);
  /** Events a catch-up reads per page. */
  private static final int CATCH_UP_PAGE = 500;
  /** Owners whose last-seen time is kept, the most recent. */
  private static final long LAST_SEEN_KEPT = 1_000_000;

  /** Where a stream's events go. Called on the streams' thread: must not block. */
  public interface Sink {
    /** @return false if the consumer takes no more: the stream ends */
    boolean accept(Event event);

    /** The stream ended for {@code reason} (a partition moved, the catch-up failed); the client resumes from its position. */
    void ended(String reason);
  }

  private final FeedReader feed;
  private final StateReader state;
  private final StoreReads store;
  private final Executor reads;
  private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "letterbox-events");
    t.setDaemon(true);
    return t;
  });
  /** Open streams by owner; only the streams' thread touches it. */
  private final Map<Long, List<Stream>> byOwner = new HashMap<>();
  private volatile int open;
  /**
   * Open streams by owner, counted as {@link #open} is called and as a stream is removed: read
   * from any thread ({@link #hasOpen}), so that a stream being opened already counts.
   */
  private final Map<Long, Integer> openByOwner = new java.util.concurrent.ConcurrentHashMap<>();
  /**
   * When each owner's last stream on this node closed (epoch milliseconds), for presence: kept in
   * memory, for the owners seen most recently (decision 0051).
   */
  private final com.github.benmanes.caffeine.cache.Cache<Long, Long> lastSeen =
      com.github.benmanes.caffeine.cache.Caffeine.newBuilder().maximumSize(LAST_SEEN_KEPT).build();
  private final java.time.Clock clock;
  private final DeliveryReceipts receipts = new DeliveryReceipts();

  /** @param reads runs catch-up reads, which may block on the store */
  public EventStreams(FeedReader feed, StateReader state, StoreReads store, Executor reads) {
    this(feed, state, store, reads, java.time.Clock.systemUTC());
  }

  /**
   * @param reads runs catch-up reads, which may block on the store
   * @param clock tells when an owner's last stream closed
   */
  public EventStreams(FeedReader feed, StateReader state, StoreReads store, Executor reads, java.time.Clock clock) {
    this.clock = clock;
    this.feed = feed;
    this.state = state;
    this.store = store;
    this.reads = reads;
  }

  /** Tells the other nodes of a cluster that a group message's reactions changed; nothing on one node. */
  private volatile java.util.function.BiConsumer<Long, Long> reactionsElsewhere = (id, by) -> {};

  /** {@code notice} tells the other nodes that {@code by} changed the reactions to group message {@code id}. */
  public void tellingOtherNodes(java.util.function.BiConsumer<Long, Long> notice) {
    this.reactionsElsewhere = notice;
  }

  /**
   * Member {@code by} changed its reactions to group message {@code id}, which the message's
   * sender's partition applied: the group's other members connected here get a {@code reaction}
   * event with the message as each sees it, and the other nodes are told (decision 0049). Live
   * only, as a group's recall is: a device that was away reads the counts with the messages.
   */
  public void reactedInGroup(long id, long by) {
    reactionsElsewhere.accept(id, by);
    reactedHere(id, by);
  }

  /** Tells the other nodes of a cluster that a group's pins changed; nothing on one node. */
  private volatile java.util.function.LongConsumer pinsElsewhere = gid -> {};

  /** {@code notice} tells the other nodes that the pins of group {@code gid} changed. */
  public void tellingOtherNodesOfPins(java.util.function.LongConsumer notice) {
    this.pinsElsewhere = notice;
  }

  /**
   * Group {@code gid}'s pinned messages changed, which the group's partition applied: its members
   * connected here get a {@code conversation} event naming the group, with each one's settings of
   * it, and the other nodes are told (decision 0050). Live only, as a group's reactions are: a
   * device that was away reads the pins when it opens the group.
   */
  public void pinsChangedInGroup(long gid) {
    pinsElsewhere.accept(gid);
    pinsChangedHere(gid);
  }

  /** {@link #pinsChangedInGroup}, as another node tells it: the members connected here are told. */
  public void pinsChangedHere(long gid) {
    thread.execute(() -> toMembers(gid, 0, s -> s.groupChanged(gid)));
  }

  /** {@link #reactedInGroup}, as another node tells it: the members connected here are told. */
  public void reactedHere(long id, long by) {
    thread.execute(() -> {
      Message m;
      try {
        m = state.message(id);
      } catch (RuntimeException e) {
        log.warn("message {} not read for its group's connected members", id, e);
        return;
      }
      if (m != null && m.kind() == Message.Kind.GROUP) {
        toMembers(m.to(), id, s -> {
          if (s.owner != by) {
            s.reacted(m);
          }
        });
      }
    });
  }

  /** What the devices of the owners hosted here received, for their senders' delivery receipts. */
  public DeliveryReceipts receipts() {
    return receipts;
  }

  /** Streams open on this node. */
  public int open() {
    return open;
  }

  /** Opens a stream of {@code owner}'s events after {@code from}, to {@code sink}. */
  public Stream open(long owner, FeedPosition from, Sink sink) {
    Stream s = new Stream(owner, from, sink);
    openByOwner.merge(owner, 1, Integer::sum);
    try {
      thread.execute(() -> {
        if (s.ended) {
          return;
        }
        byOwner.computeIfAbsent(owner, k -> new ArrayList<>()).add(s);
        open++;
        catchUp(s);
      });
    } catch (java.util.concurrent.RejectedExecutionException e) {
      uncount(owner);
      throw e;
    }
    return s;
  }

  /**
   * Whether {@code owner} has a stream open on this node (any device, SSE or WebSocket). Since
   * an owner's streams are opened only on the node hosting its partition, on that node this
   * says whether it has one anywhere. Any thread.
   */
  public boolean hasOpen(long owner) {
    return openByOwner.containsKey(owner);
  }

  /**
   * When {@code owner}'s last stream on this node closed (epoch milliseconds), 0 if not known (none
   * closed since this node started hosting it, or too long ago). Any thread.
   */
  public long lastSeen(long owner) {
    Long at = lastSeen.getIfPresent(owner);
    return at == null ? 0 : at;
  }

  private void uncount(long owner) {
    openByOwner.computeIfPresent(owner, (k, n) -> {
      if (n == 1) {
        lastSeen.put(owner, clock.millis());
        return null;
      }
      return n - 1;
    });
  }

  /**
   * {@code from} is typing to {@code receiver}: the receiver's live streams on this node get a
   * typing event, which is never stored (decision 0051).
   */
  public void typed(long receiver, long from) {
    thread.execute(() -> {
      for (Stream s : List.copyOf(byOwner.getOrDefault(receiver, List.of()))) {
        s.typing(from, 0, from);
      }
    });
  }

  /** Member {@code from} is typing in group {@code gid}: the other members' live streams on this node get a typing event. */
  public void typedInGroup(long gid, long from) {
    thread.execute(() -> toMembers(gid, 0, s -> {
      if (s.owner != from) {
        s.typing(0, gid, from);
      }
    }));
  }

  /** A durable batch's feed events (on a store thread). */
  public void feed(List<FeedEntry> entries) {
    thread.execute(() -> {
      for (FeedEntry e : entries) {
        List<Stream> streams = byOwner.get(e.owner());
        if (streams == null) {
          continue;
        }
        for (Stream s : List.copyOf(streams)) {
          s.offer(e);
        }
      }
      // A broadcast's sender revised it: the receivers connected now are told too.
      for (FeedEntry e : entries) {
        if (e.row().peer() == 0 && (e.row().type() == FeedRow.Type.RECALLED || e.row().type() == FeedRow.Type.EDITED
            || e.row().type() == FeedRow.Type.REMOVED)) {
          revisedBroadcast(e.owner(), e.row());
        }
      }
    });
  }

  /** Broadcast {@code id} of {@code sender} was published: its connected receivers get it. */
  public void published(long sender, long id) {
    thread.execute(() -> {
      Message m = null;
      try {
        m = state.message(id);
      } catch (RuntimeException e) {
        log.warn("broadcast {} not read for its connected receivers", id, e);
      }
      if (m == null) {
        return;
      }
      Message message = m;
      toAudience(sender, id, s -> s.unfed(message));
    });
  }

  /**
   * Group message {@code m} was posted: the connected members get it (decision 0011). Its members
   * are found by whichever is smaller: the group's member rows, or the connected owners' rows of it.
   */
  public void posted(Message m) {
    thread.execute(() -> {
      Message quoted;
      try {
        quoted = state.quoted(m);
      } catch (RuntimeException e) {
        log.warn("the quote of group message {} not read for its connected members", m.id(), e);
        quoted = m;
      }
      Message message = quoted;
      toMembers(m.to(), m.id(), s -> s.unfed(message));
    });
  }

  /**
   * Group message {@code id} of group {@code gid} was recalled (by its sender or an admin) at
   * {@code at} (epoch milliseconds), as its revision row says: the connected members are told.
   */
  public void recalledInGroup(long gid, long id, long at) {
    thread.execute(() -> toMembers(gid, id, s -> s.recalledInGroup(gid, id, at, false)));
  }

  /**
   * Group message {@code id} of group {@code gid} had its content removed at {@code at} (epoch
   * milliseconds), as its revision row says: the connected members are told.
   */
  public void removedInGroup(long gid, long id, long at) {
    thread.execute(() -> toMembers(gid, id, s -> s.recalledInGroup(gid, id, at, true)));
  }

  /** Group message {@code id} of group {@code gid} was recalled or removed on another node: the connected members are told. */
  public void recalledInGroup(long gid, long id) {
    thread.execute(() -> {
      RevisionRow r;
      try {
        r = state.revision(id);
      } catch (RuntimeException e) {
        log.warn("revision of group message {} not read for its connected members", id, e);
        return;
      }
      if (r != null && (r.recalled() || r.removed())) {
        toMembers(gid, id, s -> s.recalledInGroup(gid, id, r.revisedAt(), r.removed()));
      }
    });
  }

  /**
   * Message {@code id}, which its sender sent to a group or broadcast, was recalled by its sender
   * at {@code at}: a group's connected members are told; a broadcast's receivers are told by its
   * sender's feed event ({@link #feed}).
   */
  public void recalledBySender(long id, long at) {
    thread.execute(() -> {
      Message m;
      try {
        m = state.message(id);
      } catch (RuntimeException e) {
        log.warn("message {} not read for its connected members", id, e);
        return;
      }
      if (m != null && m.kind() == Message.Kind.GROUP) {
        toMembers(m.to(), id, s -> s.recalledInGroup(m.to(), id, at, false));
      }
    });
  }

  /**
   * Calls {@code action} on every connected stream of a member of group {@code gid}, found by
   * whichever is smaller: the group's member rows, or the connected owners' rows of it.
   */
  private void toMembers(long gid, long id, java.util.function.Consumer<Stream> action) {
    java.util.Set<Long> connected = byOwner.keySet();
    if (connected.isEmpty()) {
      return;
    }
    java.util.Set<Long> members;
    try {
      var header = state.groups().header(gid);
      if (header == null) {
        return;
      }
      if (header.members() <= connected.size()) {
        members = new java.util.HashSet<>(state.groups().members(gid, 0, Integer.MAX_VALUE).keySet());
        members.retainAll(connected);
      } else {
        members = state.groups().membersAmong(gid, List.copyOf(connected));
      }
    } catch (RuntimeException e) {
      log.warn("members of group {} not read for message {}", gid, id, e);
      return;
    }
    for (long owner : members) {
      for (Stream s : List.copyOf(byOwner.getOrDefault(owner, List.of()))) {
        action.accept(s);
      }
    }
  }

  /** Ends the streams of the owners {@code hosted} rejects: their partition moved. */
  public void keepOnly(LongPredicate hosted) {
    thread.execute(() -> {
      for (List<Stream> streams : List.copyOf(byOwner.values())) {
        for (Stream s : List.copyOf(streams)) {
          if (!hosted.test(s.owner)) {
            s.end("the user's partition moved to another node; resume from the last position");
          }
        }
      }
    });
  }

  @Override
  public void close() {
    thread.execute(() -> {
      for (List<Stream> streams : List.copyOf(byOwner.values())) {
        for (Stream s : List.copyOf(streams)) {
          s.end("the server is stopping; resume from the last position");
        }
      }
    });
    thread.shutdown();
  }

  private void revisedBroadcast(long sender, FeedRow row) {
    RevisionRow r;
    try {
      r = state.revision(row.messageId());
    } catch (RuntimeException e) {
      log.warn("revision of broadcast {} not read for its connected receivers", row.messageId(), e);
      return;
    }
    if (r != null) {
      // As it is now: a recall that followed an edit quickly is given once, as the recall.
      Revised revised = new Revised(sender, row.messageId(), r.eventType(), r.revisedAt());
      toAudience(sender, row.messageId(), s -> s.revisedBroadcast(revised));
    }
  }

  /** Calls {@code action} on every connected stream of a receiver in broadcast {@code id}'s audience. */
  private void toAudience(long sender, long id, java.util.function.Consumer<Stream> action) {
    Map<Long, List<Long>> byBlock = new HashMap<>();
    for (long owner : byOwner.keySet()) {
      if (owner != sender) {
        byBlock.computeIfAbsent(Blocks.block(owner), k -> new ArrayList<>()).add(owner);
      }
    }
    for (Map.Entry<Long, List<Long>> b : byBlock.entrySet()) {
      byte[] row;
      try {
        row = store.get(Spaces.AUDIENCE, AudienceKey.of(sender, b.getKey(), id));
      } catch (RuntimeException e) {
        log.warn("audience of broadcast {} not read for its connected receivers", id, e);
        continue;
      }
      if (row == null) {
        continue;
      }
      for (long owner : b.getValue()) {
        if (Blocks.contains(row, owner) && !state.conversations().blocked(owner, sender)) {
          for (Stream s : List.copyOf(byOwner.getOrDefault(owner, List.of()))) {
            action.accept(s);
          }
        }
      }
    }
  }

  private void catchUp(Stream s) {
    FeedPosition from = s.position;
    reads.execute(() -> {
      FeedReader.Page page;
      try {
        page = feed.read(s.owner, from, CATCH_UP_PAGE);
      } catch (RuntimeException e) {
        log.warn("catching up the events of {} failed", s.owner, e);
        thread.execute(() -> s.end("events could not be read; resume from the last position"));
        return;
      }
      thread.execute(() -> s.caughtUp(page));
    });
  }

  /** Broadcast {@code id} was recalled, edited or removed ({@code type}), last at {@code at} (epoch milliseconds). */
  private record Revised(long sender, long id, FeedRow.Type type, long at) {}

  /** Message {@code id} of group {@code gid} was recalled or removed ({@code removed}) at {@code at} (epoch milliseconds). */
  private record GroupRecall(long gid, long id, long at, boolean removed) {}

  /** One client's stream. */
  public final class Stream implements AutoCloseable {
    private final long owner;
    private final Sink sink;
    private FeedPosition position;
    private boolean live;
    private boolean ended;
    /** What arrived while catching up: feed entries, broadcasts and group posts as messages, revisions of broadcasts. */
    private final List<Object> waiting = new ArrayList<>();

    private Stream(long owner, FeedPosition from, Sink sink) {
      this.owner = owner;
      this.position = from;
      this.sink = sink;
    }

    /** Ends the stream (its client went away); the sink is not called again. */
    @Override
    public void close() {
      thread.execute(this::remove);
    }

    private void caughtUp(FeedReader.Page page) {
      if (ended) {
        return;
      }
      for (Event e : page.events()) {
        if (!emit(e)) {
          return;
        }
      }
      position = page.next();
      if (page.more()) {
        catchUp(this);
        return;
      }
      live = true;
      for (Object w : waiting) {
        if (w instanceof FeedEntry e) {
          offer(e);
        } else if (w instanceof Message m) {
          unfed(m);
        } else if (w instanceof Revised r) {
          revisedBroadcast(r);
        } else if (w instanceof GroupRecall g) {
          recalledInGroup(g.gid(), g.id(), g.at(), g.removed());
        }
        if (ended) {
          return;
        }
      }
      waiting.clear();
    }

    private void offer(FeedEntry e) {
      if (!live) {
        waiting.add(e);
        return;
      }
      if (ended || position.covers(e.seq(), e.ordinal())) {
        return;
      }
      position = position.after(e.day(), e.seq(), e.ordinal());
      Event event;
      try {
        event = feed.toEvent(owner, e.row(), e.content(), feed.encode(owner, position));
      } catch (RuntimeException ex) {
        log.warn("event of {} not read", owner, ex);
        end("events could not be read; resume from the last position");
        return;
      }
      if (event != null) {
        emit(event);
      }
    }

    /** A message with no feed row of the owner's (a broadcast, a group post): given once, by its id. */
    private void unfed(Message m) {
      if (!live) {
        waiting.add(m);
        return;
      }
      if (ended || position.gave(m.id())) {
        return;
      }
      position = position.withBroadcast(m.id(), Math.min(m.id(), feed.broadcastMark()));
      emit(new Event.MessageArrived(feed.encode(owner, position), m));
    }

    private void revisedBroadcast(Revised r) {
      if (!live) {
        waiting.add(r);
        return;
      }
      if (ended || position.gaveRevision(r.id(), r.at())) {
        return;
      }
      position = position.keepingRevision(r.id(), r.at());
      FeedRow row = FeedRow.message(r.type(), r.sender(), r.id());
      Event event = feed.toEvent(owner, row, null, feed.encode(owner, position));
      if (event != null) {
        emit(event);
      }
    }

    /** A group message's reactions changed: told to a live stream only, with the message as its owner sees it. */
    private void reacted(Message m) {
      if (live && !ended) {
        Message seen;
        try {
          seen = state.reactions().join(owner, List.of(m)).get(0);
        } catch (RuntimeException e) {
          log.warn("reactions to message {} not read for {}", m.id(), owner, e);
          return;
        }
        emit(new Event.Reacted(feed.encode(owner, position), 0, seen));
      }
    }

    /** Something of group {@code gid}'s conversation changed (its pins): told to a live stream only, with the owner's settings of it. */
    private void groupChanged(long gid) {
      if (live && !ended) {
        io.letterbox.rows.MembershipRow m;
        try {
          m = state.groups().membership(owner, gid);
        } catch (RuntimeException e) {
          log.warn("settings of group {} not read for {}", gid, owner, e);
          return;
        }
        if (m != null && m.member()) {
          emit(new Event.ConversationChanged(feed.encode(owner, position), 0, gid, m.pinned(), m.muted(),
              (m.settings() & io.letterbox.rows.MembershipRow.ARCHIVED) != 0));
        }
      }
    }

    /** Someone is typing: told to a live stream only, at its position now (a stream catching up has older news to give). */
    private void typing(long peer, long group, long by) {
      if (live && !ended) {
        emit(new Event.Typing(feed.encode(owner, position), peer, group, by));
      }
    }

    /** Group message {@code id} was recalled at {@code at}: given once, as a broadcast's revision is. */
    private void recalledInGroup(long gid, long id, long at, boolean removed) {
      if (!live) {
        waiting.add(new GroupRecall(gid, id, at, removed));
        return;
      }
      if (ended || position.gaveRevision(id, at)) {
        return;
      }
      position = position.keepingRevision(id, at);
      String p = feed.encode(owner, position);
      emit(removed ? new Event.Removed(p, 0, gid, id) : new Event.Recalled(p, 0, gid, id));
    }

    private boolean emit(Event e) {
      boolean more;
      try {
        more = sink.accept(e);
      } catch (RuntimeException ex) {
        log.debug("an event sink failed", ex);
        more = false;
      }
      if (more) {
        receipts.received(owner, e);
      } else {
        remove();
      }
      return more;
    }

    private void end(String reason) {
      if (ended) {
        return;
      }
      remove();
      sink.ended(reason);
    }

    private void remove() {
      if (ended) {
        return;
      }
      ended = true;
      uncount(owner);
      List<Stream> streams = byOwner.get(owner);
      if (streams != null && streams.remove(this)) {
        open--;
        if (streams.isEmpty()) {
          byOwner.remove(owner);
        }
      }
    }
  }
}
