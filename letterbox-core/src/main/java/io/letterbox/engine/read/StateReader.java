package io.letterbox.engine.read;

import com.github.benmanes.caffeine.cache.Cache;
import io.letterbox.engine.LetterboxConfig;
import io.letterbox.id.Ids;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.model.Message;
import io.letterbox.rows.ImportedRow;
import io.letterbox.rows.RevisionRow;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValue;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The engine's stored state as typed reads: the messages (with their cache and revisions) and a
 * user's settings here, every other concept in a reader of its own that this one hands out
 * ({@link #conversations}, {@link #groups}, {@link #senders}, {@link #relations},
 * {@link #broadcastRows}, {@link #broadcasts}). Nothing above them touches keys or rows (but the
 * broadcast index, which reads audience rows in place). Two kinds: the
 * readers' (over the store, with caches of immutable or writer-refreshed state) and the writer's
 * (over the pending batch, uncached but for the caps, which its appliers refresh).
 */
public final class StateReader {
  private final StoreReads store;
  private final LetterboxConfig config;
  /** The message a log entry carries, or null for an entry of another action (the log's codec). */
  private final java.util.function.Function<byte[], Message> logMessage;
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
  private final BroadcastIndex broadcasts;
  private final GroupState groups;
  private final ConversationState conversations;
  private final SenderState senders;
  private final RelationState relations;
  private final BroadcastRows broadcastRows;
  private final LifecycleState lifecycle;
  private final ReactionState reactions;
  private final PinState pins;
  private final ScheduleState schedules;
  private final ItemJoins itemJoins;

  private StateReader(StoreReads store, LetterboxConfig config, java.util.function.Function<byte[], Message> logMessage,
      boolean cached) {
    this.store = store;
    this.config = config;
    this.logMessage = logMessage;
    this.broadcasts = new BroadcastIndex(store, cached ? config.cachedAudienceBytes() : 0,
        cached ? config.cachedBroadcastIdBytes() : 0, cached);
    this.groups = new GroupState(store);
    this.conversations = new ConversationState(store, config, broadcasts);
    this.senders = new SenderState(store, config);
    this.relations = new RelationState(store);
    this.broadcastRows = new BroadcastRows(store);
    this.lifecycle = new LifecycleState(store);
    this.reactions = new ReactionState(store);
    this.pins = new PinState(store);
    this.schedules = new ScheduleState(store);
    this.itemJoins = new ItemJoins(store);
    this.messages = !cached ? null : ReadCaches.newBuilder()
        .maximumWeight(config.cachedMessageBytes())
        .weigher((Long id, CachedMessage c) -> 96 + 2 * c.message().text().length() + c.message().extras().weight())
        .build();
  }

  /**
   * The cache key of message {@code id}: the id through a bijective mix (MurmurHash3's 64-bit
   * finalizer). {@link Long#hashCode} of an id folds its high word onto its low one, and ids of
   * nearby milliseconds with small sequence numbers then share hash bins: profiled on read-page,
   * a third of a newest page's time went to walking the cache's long chains and tree bins.
   */
  static Long key(long id) {
    long z = id;
    z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
    z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
    return z ^ (z >>> 33);
  }

  /** Heap bytes of the cached message contents, as their weigher counts them. */
  public long cachedMessageBytes() {
    return messages == null ? 0 : CacheWeights.of(messages);
  }

  /**
   * The readers' state: over the store, with caches.
   *
   * @param logMessage the message a log entry carries, or null for another action's entry: the
   *     log's codec ({@code ActionCodec::message}), which the read side does not depend on
   */
  public static StateReader cached(StoreReads store, LetterboxConfig config,
      java.util.function.Function<byte[], Message> logMessage) {
    return new StateReader(store, config, logMessage, true);
  }

  /** The writer's state: over its pending batch, nothing cached that the batch could change. */
  public static StateReader uncached(StoreReads pending, LetterboxConfig config,
      java.util.function.Function<byte[], Message> logMessage) {
    return new StateReader(pending, config, logMessage, false);
  }

  public LetterboxConfig config() {
    return config;
  }

  public BroadcastIndex broadcasts() {
    return broadcasts;
  }

  /** Groups and memberships (decision 0011). */
  public GroupState groups() {
    return groups;
  }

  /** Owners' one-to-one conversations: timelines, rows, the activity index, blocks, watermarks, counts. */
  public ConversationState conversations() {
    return conversations;
  }

  /** Senders' caps and idempotency keys. */
  public SenderState senders() {
    return senders;
  }

  /** Relations and segments. */
  public RelationState relations() {
    return relations;
  }

  /** Broadcasts' records, pending fan-outs and big senders. */
  public BroadcastRows broadcastRows() {
    return broadcastRows;
  }

  /** Reactions to messages (decision 0049). */
  public ItemJoins itemJoins() {
    return itemJoins;
  }

  public ReactionState reactions() {
    return reactions;
  }

  /** Legal holds and erasures of users (decision 0044). */
  public LifecycleState lifecycle() {
    return lifecycle;
  }

  /** Pinned messages of conversations (decision 0050). */
  public PinState pins() {
    return pins;
  }

  /** Senders' scheduled messages (decision 0052). */
  public ScheduleState schedules() {
    return schedules;
  }

  /**
   * Whether user {@code uid} is on legal hold (decision 0044): it is not erased, and retention
   * removes nothing of its conversations.
   */
  public boolean onHold(long uid) {
    return lifecycle.onHold(uid);
  }

  // --- messages ---

  /** @return the message at {@code id} as it is now (recalled or edited), whoever can see it, or null. */
  public Message message(long id) {
    return messages(List.of(id)).get(0);
  }

  /**
   * @return the messages at {@code ids} as they are now, in order, each reply with its quote of the
   *     message it replies to as that is now; null where none
   */
  public List<Message> messages(List<Long> ids) {
    return ReplyQuotes.join(stored(ids), this::stored);
  }

  /** @return {@code messages} (null where none), each reply with its quote of the message it replies to as that is now */
  public List<Message> quoted(List<Message> messages) {
    return ReplyQuotes.join(messages, this::stored);
  }

  /** @return {@code m} (or null) with its quote if it is a reply */
  public Message quoted(Message m) {
    return m == null || m.extras().replyTo() == 0 ? m : quoted(java.util.Collections.singletonList(m)).get(0);
  }

  /** @return the messages at {@code ids} as they are now, in order, without quotes; null where none. */
  private List<Message> stored(List<Long> ids) {
    List<Long> keys = new ArrayList<>(ids.size());
    for (Long id : ids) {
      keys.add(key(id));
    }
    Map<Long, CachedMessage> cached = messages == null ? Map.of() : messages.getAllPresent(keys);
    Map<Long, Message> found = new HashMap<>();
    List<Long> logged = new ArrayList<>();
    List<byte[]> loggedKeys = new ArrayList<>();
    List<Long> imported = new ArrayList<>();
    List<byte[]> importedKeys = new ArrayList<>();
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
        imported.add(id);
        importedKeys.add(LogKey.of(id));
      } else {
        logged.add(id);
        loggedKeys.add(LogKey.of(id));
      }
    }
    if (!imported.isEmpty()) {
      // One read for all: a page of imported history missed by the cache is 20 reads otherwise.
      List<byte[]> values = store.multiGet(Spaces.IMPORTED, importedKeys);
      for (int i = 0; i < imported.size(); i++) {
        Long id = imported.get(i);
        Message m = importedMessage(id, values.get(i));
        if (m != null) {
          found.put(id, m);
          // Imported history is never revised: it is older than any window.
          if (messages != null) {
            messages.put(key(id), new CachedMessage(m, true));
          }
        }
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
    if (r == null || m.removed()) {
      return m;
    }
    if (r.removed()) {
      return m.remove();
    }
    Message edited = r.editedAt() > 0 ? m.edit(r.text(), r.editedAt()) : m;
    return r.recalled() ? edited.recall() : edited;
  }

  /** @return imported message {@code id}'s content row ({@link ImportedRow}), or null */
  public byte[] importedRow(long id) {
    return store.get(Spaces.IMPORTED, LogKey.of(id));
  }

  /** @return the log entry at {@code id} as stored (a removed message's is redacted), or null */
  public byte[] logEntry(long id) {
    return store.get(Spaces.LOG, LogKey.of(id));
  }

  /**
   * Message {@code id}'s content was removed (decision 0042): its cached form, settled or as
   * logged, is dropped, and a reader reads it again from its redacted entry.
   */
  public void removed(long id) {
    if (messages != null) {
      messages.invalidate(key(id));
    }
    revised(id);
  }

  /** @return the revision of message {@code id}, or null if it was never recalled or edited */
  public RevisionRow revision(long id) {
    return RevisionRow.decode(store.get(Spaces.REVISIONS, LogKey.of(id)));
  }

  private Message toMessage(byte[] logValue) {
    return logValue == null ? null : logMessage.apply(logValue);
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

  /** @return the user's settings; the defaults if it set none */
  public io.letterbox.model.UserSettings userSettings(long uid) {
    return io.letterbox.rows.UserSettingsRow.decode(store.get(Spaces.STATE, io.letterbox.keys.StateKey.settings(uid)));
  }
}
