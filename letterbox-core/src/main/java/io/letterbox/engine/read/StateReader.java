package io.letterbox.engine.read;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.letterbox.bitmap.Blocks;
import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.engine.fanout.AudienceResolver;
import io.letterbox.id.Ids;
import io.letterbox.keys.ActivityKey;
import io.letterbox.keys.BroadcastKey;
import io.letterbox.keys.CapLevelKey;
import io.letterbox.keys.IdempotencyKey;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.RequestsKey;
import io.letterbox.keys.SegmentKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.keys.TimelineKey;
import io.letterbox.model.Folder;
import io.letterbox.model.FrequencyCap;
import io.letterbox.model.Message;
import io.letterbox.rows.Attributes;
import io.letterbox.rows.BroadcastRecord;
import io.letterbox.rows.CapLevelsRow;
import io.letterbox.rows.CapRow;
import io.letterbox.rows.ConversationRow;
import io.letterbox.rows.FanoutJobRow;
import io.letterbox.rows.IdempotencyRow;
import io.letterbox.rows.ImportedRow;
import io.letterbox.rows.RevisionRow;
import io.letterbox.rows.TimelineFlags;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValue;
import io.letterbox.store.Space;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.roaringbitmap.RoaringBitmap;

/**
 * The engine's stored state as typed reads: messages, watermarks, tombstones, read positions,
 * counters, caps, relations, broadcasts. Nothing above it touches keys or rows (but the
 * broadcast index and audience resolver it owns, which read audience rows in place). Two kinds: the
 * readers' (over the store, with caches of immutable or writer-refreshed state) and the writer's
 * (over the pending batch, uncached but for the caps, which its appliers refresh).
 */
public final class StateReader {
  private final StoreReads store;
  private final LetterboxConfig config;
  /**
   * Messages by id. A log entry never changes; its revision (decision 0009) can, until the
   * revision horizon: a message cached before that is kept as logged and revised on every read,
   * one cached after it is kept revised ({@code settled}). So no entry needs invalidating, on any
   * node. Null: no cache. Keyed by {@link #key}, not by the id itself.
   */
  private final Cache<Long, CachedMessage> messages;

  private record CachedMessage(Message message, boolean settled) {}

  /**
   * Messages revised within the revision horizon, when this process writes every revision of the
   * store (one node hosting every partition): then a young message outside it needs no read of
   * its revision. Null otherwise: readers read the revisions of young messages from the store.
   */
  private volatile java.util.concurrent.ConcurrentSkipListSet<Long> recentlyRevised;
  /** Every sender's own cap: few, small, refreshed by whoever applies or publishes a change. */
  private final Map<Long, FrequencyCap> caps = new ConcurrentHashMap<>();
  private final BroadcastIndex broadcasts;
  private final AudienceResolver audiences;
  private final GroupState groups;

  private StateReader(StoreReads store, LetterboxConfig config, boolean cached) {
    this.store = store;
    this.config = config;
    this.broadcasts = new BroadcastIndex(store, cached ? config.cachedAudienceBytes() : 0,
        cached ? config.cachedBroadcastIdBytes() : 0, cached);
    this.audiences = new AudienceResolver(store);
    this.groups = new GroupState(store);
    this.messages = !cached ? null : Caffeine.newBuilder()
        .maximumWeight(config.cachedMessageBytes())
        .weigher((Long id, CachedMessage c) -> 96 + 2 * c.message().text().length() + c.message().extras().weight())
        .build();
    reloadCaps();
  }

  /**
   * The cache key of message {@code id}: the id through a bijective mix (MurmurHash3's 64-bit
   * finalizer). {@link Long#hashCode} of an id folds its high word onto its low one, and ids of
   * nearby milliseconds with small sequence numbers then share hash bins: profiled on read-page,
   * a third of a newest page's time went to walking the cache's long chains and tree bins.
   */
  private static Long key(long id) {
    long z = id;
    z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
    z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
    return z ^ (z >>> 33);
  }

  /** Heap bytes of the cached message contents, as their weigher counts them. */
  public long cachedMessageBytes() {
    return messages == null ? 0 : CacheWeights.of(messages);
  }

  /** The readers' state: over the store, with caches. */
  public static StateReader cached(StoreReads store, LetterboxConfig config) {
    return new StateReader(store, config, true);
  }

  /** The writer's state: over its pending batch, nothing cached that the batch could change. */
  public static StateReader uncached(StoreReads pending, LetterboxConfig config) {
    return new StateReader(pending, config, false);
  }

  public LetterboxConfig config() {
    return config;
  }

  public BroadcastIndex broadcasts() {
    return broadcasts;
  }

  public AudienceResolver audiences() {
    return audiences;
  }

  /** Groups and memberships (decision 0011). */
  public GroupState groups() {
    return groups;
  }

  // --- messages ---

  /** @return the message at {@code id} as it is now (recalled or edited), whoever can see it, or null. */
  public Message message(long id) {
    return messages(List.of(id)).get(0);
  }

  /** @return the messages at {@code ids} as they are now, in order; null where none. */
  public List<Message> messages(List<Long> ids) {
    List<Long> keys = ids.stream().map(StateReader::key).toList();
    Map<Long, CachedMessage> cached = messages == null ? Map.of() : messages.getAllPresent(keys);
    Map<Long, Message> found = new HashMap<>();
    List<Long> logged = new ArrayList<>();
    List<byte[]> loggedKeys = new ArrayList<>();
    List<Long> unsettled = new ArrayList<>();
    Set<Long> seen = new HashSet<>();
    for (int i = 0; i < ids.size(); i++) {
      Long id = ids.get(i);
      if (!seen.add(id)) {
        continue;
      }
      CachedMessage c = cached.get(keys.get(i));
      if (c != null) {
        found.put(id, c.message());
        if (!c.settled()) {
          unsettled.add(id);
        }
      } else if (Ids.isImported(id)) {
        // Imported history is never revised: it is older than any window.
        Message m = importedMessage(id, store.get(Spaces.IMPORTED, LogKey.of(id)));
        if (m != null) {
          found.put(id, m);
          if (messages != null) {
            messages.put(keys.get(i), new CachedMessage(m, true));
          }
        }
      } else {
        logged.add(id);
        loggedKeys.add(LogKey.of(id));
      }
    }
    if (!logged.isEmpty()) {
      List<byte[]> values = store.multiGet(Spaces.LOG, loggedKeys);
      for (int i = 0; i < logged.size(); i++) {
        Message m = toMessage(values.get(i));
        if (m != null) {
          found.put(logged.get(i), m);
          unsettled.add(logged.get(i));
        }
      }
    }
    if (!unsettled.isEmpty()) {
      revise(unsettled, found, cached);
    }
    List<Message> out = new ArrayList<>(ids.size());
    for (Long id : ids) {
      out.add(found.get(id));
    }
    return out;
  }

  /**
   * Reads the revisions of {@code ids} (messages as logged, in {@code found}) and applies them;
   * caches what was not cached, and what settled since it was ({@code cached}: the entries found,
   * by {@link #key}).
   */
  private void revise(List<Long> ids, Map<Long, Message> found, Map<Long, CachedMessage> cached) {
    long firstYoung = firstYoungId();
    Map<Long, RevisionRow> rows = revisions(ids);
    for (Long id : ids) {
      Message logged = found.get(id);
      Message now = revised(logged, rows.get(id));
      found.put(id, now);
      boolean settled = id < firstYoung;
      if (messages != null && (settled || !cached.containsKey(key(id)))) {
        messages.put(key(id), settled ? new CachedMessage(now, true) : new CachedMessage(logged, false));
      }
    }
  }

  /**
   * @return the revisions of those of {@code ids} that were recalled or edited; young messages
   *     this process knows to have none are not read
   */
  public Map<Long, RevisionRow> revisions(java.util.Collection<Long> ids) {
    long firstYoung = firstYoungId();
    java.util.concurrent.ConcurrentSkipListSet<Long> known = recentlyRevised;
    List<Long> toRead = new ArrayList<>(ids.size());
    for (Long id : ids) {
      // Known to have no revision: young, and not among those this process wrote.
      if (known == null || id < firstYoung || known.contains(id)) {
        toRead.add(id);
      }
    }
    Map<Long, RevisionRow> rows = new HashMap<>();
    if (!toRead.isEmpty()) {
      List<byte[]> keys = new ArrayList<>(toRead.size());
      for (Long id : toRead) {
        keys.add(LogKey.of(id));
      }
      List<byte[]> values = store.multiGet(Spaces.REVISIONS, keys);
      for (int i = 0; i < toRead.size(); i++) {
        if (values.get(i) != null) {
          rows.put(toRead.get(i), RevisionRow.decode(values.get(i)));
        }
      }
    }
    return rows;
  }

  /** @return the smallest id of a message still young enough to be revised (decision 0009) */
  private long firstYoungId() {
    long since = config.clock().millis() - config.revisionHorizon().toMillis();
    return Ids.firstIdAt(Math.max(since, Ids.EPOCH));
  }

  /**
   * From now on this reader learns every revision from {@link #revised} (the process writes all of
   * them): young messages not among them are read without their revision row. Loads the
   * revisions of messages still young from the store first.
   */
  public void learnRevisionsInProcess() {
    java.util.concurrent.ConcurrentSkipListSet<Long> known = new java.util.concurrent.ConcurrentSkipListSet<>();
    store.scan(Spaces.REVISIONS, new KeyRange(LogKey.of(firstYoungId()), null), false, (k, v) -> {
      known.add(LogKey.id(k));
      return true;
    });
    recentlyRevised = known;
  }

  /** Message {@code id} was revised (its row is in the store now). */
  public void revised(long id) {
    java.util.concurrent.ConcurrentSkipListSet<Long> known = recentlyRevised;
    if (known != null) {
      known.add(id);
      known.headSet(firstYoungId()).clear();
    }
  }

  private static Message revised(Message m, RevisionRow r) {
    if (r == null) {
      return m;
    }
    Message edited = r.editedAt() > 0 ? m.edit(r.text(), r.editedAt()) : m;
    return r.recalled() ? edited.recall() : edited;
  }

  /** @return the revision of message {@code id}, or null if it was never recalled or edited */
  public RevisionRow revision(long id) {
    return RevisionRow.decode(store.get(Spaces.REVISIONS, LogKey.of(id)));
  }

  private static Message toMessage(byte[] logValue) {
    return logValue == null ? null : ActionCodec.message(logValue);
  }

  private static Message importedMessage(long id, byte[] row) {
    return row == null ? null : ImportedRow.decode(id, row);
  }

  /** @return the newest logged id; 0 for an empty log */
  public long largestLoggedId() {
    List<KeyValue> last = store.scan(Spaces.LOG, new KeyRange(new byte[0], null), true, 1);
    return last.isEmpty() ? 0 : LogKey.id(last.get(0).key());
  }

  /** @return the largest imported id in {@code [from, to)}, or 0 */
  public long lastImportedId(long from, long to) {
    List<KeyValue> last = store.scan(Spaces.IMPORTED, new KeyRange(LogKey.of(from), LogKey.of(to)), true, 1);
    return last.isEmpty() ? 0 : LogKey.id(last.get(0).key());
  }

  // --- one-to-one timelines ---

  /** @return the owner's row of message {@code id} with {@code peer} (its flags), or null */
  public byte[] timelineRow(long owner, long peer, long id) {
    return store.get(Spaces.CONVERSATION, TimelineKey.of(owner, peer, id));
  }

  /** @return up to {@code limit} ids of the owner's rows with {@code peer} in {@code [from, to)}, newest first */
  public List<Long> timeline(long owner, long peer, long from, long to, int limit) {
    List<Long> ids = new ArrayList<>();
    store.scan(Spaces.CONVERSATION, TimelineKey.range(owner, peer, from, to), true, (k, v) -> {
      ids.add(TimelineKey.id(k));
      return ids.size() < limit;
    });
    return ids;
  }

  /**
   * The newest one-to-one message of the conversation below {@code below} that the owner did not
   * delete and that is above its watermarks; 0 if none.
   */
  public long lastVisibleBelow(long owner, long peer, long below) {
    long watermark = watermark(owner, peer);
    if (below <= watermark + 1) {
      return 0;
    }
    Set<Long> hidden = hiddenIds(owner, peer, watermark + 1, below);
    long upper = below;
    while (true) {
      List<Long> older = timeline(owner, peer, watermark + 1, upper, 64);
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

  // --- conversation rows, the activity index, blocks ---

  /** @return the owner's row of its conversation with {@code peer}; {@link ConversationRow#NONE} if none */
  public ConversationRow conversationRow(long owner, long peer) {
    return ConversationRow.decode(store.get(Spaces.CONVERSATIONS, PairKey.of(owner, peer)));
  }

  /** @return the owner's rows of its conversations with {@code peers}, in order */
  public List<ConversationRow> conversationRows(long owner, List<Long> peers) {
    List<byte[]> keys = new ArrayList<>(peers.size());
    for (long peer : peers) {
      keys.add(PairKey.of(owner, peer));
    }
    List<ConversationRow> out = new ArrayList<>(peers.size());
    for (byte[] v : store.multiGet(Spaces.CONVERSATIONS, keys)) {
      out.add(ConversationRow.decode(v));
    }
    return out;
  }

  /**
   * A place in the conversation list: a one-to-one conversation of the activity index, with the
   * copy of its row the entry carries, or a broadcast sender (a cursor's place), whose {@code row} is null.
   */
  public record Activity(boolean pinned, long lastId, long peer, ConversationRow row) {
    public Activity(boolean pinned, long lastId, long peer) {
      this(pinned, lastId, peer, null);
    }
  }

  /**
   * Up to {@code limit} entries of the owner's activity index in {@code folder}, in list order
   * (pinned first, then newest first), strictly after {@code after} (null: from the start).
   * Entries at or below {@code floor} were cleared by a delete of every conversation: they are
   * skipped among the pinned ones and end the list among the others (they sort last).
   */
  public List<Activity> activity(long owner, Folder folder, Activity after, long floor, int limit) {
    KeyRange range = after == null ? ActivityKey.folder(owner, folder)
        : ActivityKey.folderAfter(owner, folder, after.pinned(), after.lastId(), after.peer());
    List<Activity> out = new ArrayList<>();
    if (limit <= 0) {
      return out;
    }
    store.scan(Spaces.ACTIVITY, range, false, (k, v) -> {
      long lastId = ActivityKey.lastId(k);
      boolean pinned = ActivityKey.pinned(k);
      if (lastId <= floor) {
        return pinned;
      }
      out.add(new Activity(pinned, lastId, ActivityKey.peer(k), ConversationRow.decode(v)));
      return out.size() < limit;
    });
    return out;
  }

  /**
   * Unread messages of the owner's requests folder: on each device the folder's incoming count less
   * what the device read of it, and the least of those (a message read on any device counts as read).
   */
  public long requestsUnread(long owner) {
    long incoming = store.counter(Spaces.REQUESTS, RequestsKey.incoming(owner));
    long least = incoming;
    for (String device : config.devices()) {
      least = Math.min(least, incoming - store.counter(Spaces.REQUESTS, RequestsKey.read(owner, device)));
    }
    return Math.max(0, least);
  }

  /** @return the user's settings; the defaults if it set none */
  public io.letterbox.model.UserSettings userSettings(long uid) {
    return io.letterbox.rows.UserSettingsRow.decode(store.get(Spaces.STATE, io.letterbox.keys.StateKey.settings(uid)));
  }

  public boolean blocked(long owner, long peer) {
    return conversationRow(owner, peer).blocked();
  }

  /** @return the peers the owner blocked, in uid order */
  public List<Long> blockedPeers(long owner) {
    List<Long> out = new ArrayList<>();
    store.scan(Spaces.BLOCKED, PairKey.owner(owner), false, (k, v) -> out.add(PairKey.peer(k)));
    return out;
  }

  /** @return the peers of the owner's pinned conversations */
  public Set<Long> pinnedPeers(long owner) {
    Set<Long> out = new HashSet<>();
    store.scan(Spaces.PINNED, PairKey.owner(owner), false, (k, v) -> {
      out.add(PairKey.peer(k));
      return true;
    });
    return out;
  }

  /** @return ids the owner deleted one by one in its conversation with {@code peer}, in {@code [from, to)} */
  public Set<Long> hiddenIds(long owner, long peer, long from, long to) {
    Set<Long> hidden = new HashSet<>();
    store.scan(Spaces.HIDDEN, TimelineKey.range(owner, peer, from, to), false, (k, v) -> {
      hidden.add(TimelineKey.id(k));
      return true;
    });
    return hidden;
  }

  public boolean hidden(long owner, long peer, long id) {
    return store.get(Spaces.HIDDEN, TimelineKey.of(owner, peer, id)) != null;
  }

  /** @return the id up to which the owner cleared the conversation (0 for none). */
  public long watermark(long owner, long peer) {
    return watermarks(owner, List.of(peer))[0];
  }

  public long ownerWatermark(long owner) {
    return longOrZero(store.get(Spaces.STATE, StateKey.ownerWatermark(owner)));
  }

  /** @return the conversation watermarks of the owner by peer. */
  public Map<Long, Long> conversationWatermarks(long owner) {
    Map<Long, Long> out = new HashMap<>();
    store.scan(Spaces.STATE, StateKey.conversationWatermarks(owner), false, (k, v) -> {
      out.put(StateKey.conversationWatermarkPeer(k), Bytes.getLong(v, 0));
      return true;
    });
    return out;
  }

  /** @return the other party of {@code m} for {@code owner}, or 0 if the owner is not one (or it is a group's). */
  public static long peerOf(long owner, Message m) {
    if (m.kind() == Message.Kind.GROUP) {
      return 0;
    }
    if (m.kind() == Message.Kind.BROADCAST) {
      return m.from() == owner ? 0 : m.from();
    }
    return m.from() == owner ? m.to() : m.to() == owner ? m.from() : 0;
  }

  /** Whether the owner can see {@code m} in its conversation with {@code peer}. */
  public boolean visible(long owner, long peer, Message m) {
    long id = m.id();
    if (id <= watermark(owner, peer) || hidden(owner, peer, id)) {
      return false;
    }
    return m.kind() == Message.Kind.BROADCAST
        ? broadcasts.reached(peer, id, owner)
        : timelineRow(owner, peer, id) != null;
  }

  // --- read positions and counters ---

  /** @return the ids up to which the owner cleared each conversation with {@code peers} (0 for none): one read */
  public long[] watermarks(long owner, List<Long> peers) {
    List<byte[]> keys = new ArrayList<>(peers.size() + 1);
    keys.add(StateKey.ownerWatermark(owner));
    for (long peer : peers) {
      keys.add(StateKey.conversationWatermark(owner, peer));
    }
    List<byte[]> values = store.multiGet(Spaces.STATE, keys);
    long all = longOrZero(values.get(0));
    long[] out = new long[peers.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = Math.max(all, longOrZero(values.get(i + 1)));
    }
    return out;
  }

  /** @return the owner's rows by peer, in peer order: every conversation it has a row of */
  public Map<Long, ConversationRow> conversationRows(long owner) {
    Map<Long, ConversationRow> out = new LinkedHashMap<>();
    store.scan(Spaces.CONVERSATIONS, PairKey.owner(owner), false, (k, v) -> {
      out.put(PairKey.peer(k), ConversationRow.decode(v));
      return true;
    });
    return out;
  }

  /** Counts the incoming live rows of the conversation but those of {@code except}. */
  public long countIncomingRowsExcept(long owner, long peer, java.util.Set<Long> except) {
    long[] count = {0};
    store.scan(Spaces.CONVERSATION, TimelineKey.range(owner, peer, 0, Long.MAX_VALUE), false, (k, v) -> {
      if (TimelineFlags.countsAsUnread(v) && !except.contains(TimelineKey.id(k))) {
        count[0]++;
      }
      return true;
    });
    return count[0];
  }

  /** Counts the visible incoming live messages newer than {@code afterId}. */
  public long unreadAfter(long owner, long peer, long afterId) {
    long from = Math.max(afterId, watermark(owner, peer));
    if (from == Long.MAX_VALUE) {
      return 0;
    }
    long[] count = {0};
    store.scan(Spaces.CONVERSATION, TimelineKey.range(owner, peer, from + 1, Long.MAX_VALUE), false,
        (k, v) -> {
          if (TimelineFlags.countsAsUnread(v) && !hidden(owner, peer, TimelineKey.id(k))) {
            count[0]++;
          }
          return true;
        });
    return count[0];
  }

  // --- caps and idempotency ---

  /** @return the sender's cap, else the configured default. */
  public Optional<FrequencyCap> cap(long sender) {
    FrequencyCap own = caps.get(sender);
    return own != null ? Optional.of(own) : config.defaultCap();
  }

  /** The sender's own cap is now {@code cap}. */
  public void capSet(long sender, FrequencyCap cap) {
    caps.put(sender, cap);
  }

  /** Reads every sender's cap again. */
  public void reloadCaps() {
    Map<Long, FrequencyCap> all = new HashMap<>();
    store.scan(Spaces.CAPS, new KeyRange(new byte[0], null), false, (k, v) -> {
      all.put(Bytes.getLong(k, 0), CapRow.decode(v));
      return true;
    });
    caps.keySet().retainAll(all.keySet());
    caps.putAll(all);
  }

  /** The cap levels of one (sender, window, block); level 1 first. */
  public List<RoaringBitmap> capLevels(long sender, long windowStart, long block) {
    return capLevels(Spaces.CAP_LEVELS, CapLevelKey.of(sender, windowStart, block));
  }

  /** The cap levels stored at {@code key} of {@code space}; level 1 first. */
  public List<RoaringBitmap> capLevels(Space space, byte[] key) {
    return CapLevelsRow.decode(store.get(space, key));
  }

  /** @return what the sender's idempotency key stands for, or null if it was never used */
  public IdempotencyRow idempotency(long sender, String key) {
    return IdempotencyRow.decode(store.get(Spaces.IDEMPOTENCY, IdempotencyKey.of(sender, key)));
  }

  // --- relations and segments ---

  /** @return the stored block bitmap at {@code key}, empty if none */
  public RoaringBitmap bitmap(Space space, byte[] key) {
    return Blocks.deserialize(store.get(space, key));
  }

  public boolean follows(long uid, long target) {
    return store.get(Spaces.FOLLOWING, PairKey.of(uid, target)) != null;
  }

  /** @return the attributes of uid's subscription to target, if it subscribes */
  public Optional<Map<String, String>> subscription(long uid, long target) {
    return Optional.ofNullable(Attributes.decode(store.get(Spaces.SUBSCRIPTIONS, PairKey.of(uid, target))));
  }

  /** @return the number of uids in the segment, if it exists */
  public Optional<Long> segmentSize(String name) {
    byte[] header = store.get(Spaces.SEGMENTS, SegmentKey.header(name));
    return header == null ? Optional.empty() : Optional.of(Bytes.getLong(header, 0));
  }

  /** @return the keys of the segment's block rows */
  public List<byte[]> segmentBlockKeys(String name) {
    List<byte[]> keys = new ArrayList<>();
    store.scan(Spaces.SEGMENTS, SegmentKey.blocks(name), false, (k, v) -> keys.add(k));
    return keys;
  }

  // --- broadcasts ---

  /** @return the broadcast's record, or null */
  public BroadcastRecord broadcastRecord(long sender, long id) {
    return BroadcastRecord.decode(store.get(Spaces.BROADCASTS, BroadcastKey.of(sender, id)));
  }

  /** @return up to {@code limit} of the sender's broadcasts below {@code before}, newest first */
  public List<Map.Entry<Long, BroadcastRecord>> sentBroadcasts(long sender, long before, int limit) {
    List<Map.Entry<Long, BroadcastRecord>> out = new ArrayList<>();
    for (KeyValue kv : store.scan(Spaces.BROADCASTS, BroadcastKey.before(sender, before), true, limit)) {
      out.add(Map.entry(BroadcastKey.id(kv.key()), BroadcastRecord.decode(kv.value())));
    }
    return out;
  }

  /** @return the pending fan-out of broadcast {@code id}, or null */
  public FanoutJobRow job(long id) {
    return FanoutJobRow.decode(id, store.get(Spaces.STATE, StateKey.job(id)));
  }

  /** @return the ids of every broadcast whose fan-out has not finished */
  public List<Long> jobIds() {
    List<Long> ids = new ArrayList<>();
    store.scan(Spaces.STATE, StateKey.jobs(), false, (k, v) -> ids.add(StateKey.recordId(k)));
    return ids;
  }

  /** @return the senders whose broadcasts reach many receivers */
  public List<Long> bigSenders() {
    List<Long> out = new ArrayList<>();
    store.scan(Spaces.STATE, StateKey.bigSenders(), false, (k, v) -> out.add(StateKey.recordId(k)));
    return out;
  }

  private static long longOrZero(byte[] v) {
    return v == null ? 0 : Bytes.getLong(v, 0);
  }
}
