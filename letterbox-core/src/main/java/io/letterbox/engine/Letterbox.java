package io.letterbox.engine;

import io.letterbox.blob.Blobs;
import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.engine.derive.Derivations;
import io.letterbox.engine.derive.ListCaches;
import io.letterbox.engine.fanout.BroadcastJobs;
import io.letterbox.engine.feed.EventStreams;
import io.letterbox.engine.feed.FeedReader;
import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.engine.partition.PartitionHost;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.engine.partition.Partitions;
import io.letterbox.engine.read.ConversationLister;
import io.letterbox.engine.read.Cursors;
import io.letterbox.engine.read.GroupReader;
import io.letterbox.engine.read.HistoryReader;
import io.letterbox.engine.read.StateReader;
import io.letterbox.engine.read.UnreadCounter;
import io.letterbox.engine.replay.Replayer;
import io.letterbox.engine.follow.FeedFollowers;
import io.letterbox.engine.search.SearchIndexer;
import io.letterbox.engine.search.Searcher;
import io.letterbox.engine.write.CompleteBroadcastCommand;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.Space;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine, usable as a plain Java library: it wires one node and hands out one narrow API per
 * concept ({@link #messages()}, {@link #conversations()}, {@link #groups()}, {@link #broadcasts()},
 * {@link #relations()}, {@link #search()}, {@link #events()}, {@link #blobs()} and
 * {@link #blobAccess()}), and the partitions it hosts ({@link #partitions()}). Mutations return
 * futures that complete once the change is durable; reads answer directly. Every refusal is a
 * {@link LetterboxException} (thrown, or completing the future) and changes nothing.
 *
 * <p>The store must have been opened with {@link #SPACES}; the caller closes it after the engine.
 */
public final class Letterbox implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Letterbox.class);

  /** The key spaces a store must be opened with. */
  public static final List<Space> SPACES = Spaces.ALL;

  private final LetterboxConfig config;
  private final PartitionHost host;
  private final NodeUpkeep upkeep;
  /** Null when search is turned off. */
  private final SearchIndexer indexer;
  /** The consumers of the owner feed (decision 0040). */
  private final FeedFollowers followers;
  private final Blobs blobs;
  private final BlobAccess blobAccess;
  private final Messages messages;
  private final Conversations conversations;
  private final Pins pins;
  private final Groups groups;
  private final Broadcasts broadcasts;
  private final Relations relations;
  private final MessageSearch search;
  private final Events events;
  private final Live live;
  private final PushReads pushReads;
  private final Moderation moderation;
  private final Reactions reactions;
  private final StoreCompaction compaction;
  private final Export export;
  private final Erasures erasures;
  private final io.letterbox.engine.expiry.RetentionSweep retention;
  private final io.letterbox.engine.expiry.DisappearingSweep disappearing;
  private final Schedules schedules;
  /** Builds replies that read the store once a write is durable: never on the store's commit threads. */
  private final ExecutorService replies = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "letterbox-replies");
    t.setDaemon(true);
    return t;
  });

  private Letterbox(KeyValueStore store, LetterboxConfig config, Peers peers, boolean hostsAll) {
    this.config = config;
    this.blobs = new Blobs(store, config.maxBlobBytes());
    Partitioning partitioning = Replayer.prepare(store, config, config.partitions());
    this.host = new PartitionHost(store, config, partitioning, peers, hostsAll);
    PartitionCommands commands = host.commands();
    StateReader state = StateReader.cached(store, config, ActionCodec::message);
    Cursors cursors = new Cursors(secret(store));
    HistoryReader history = new HistoryReader(state, cursors);
    GroupReader groupReader = new GroupReader(state, cursors, hostsAll ? config.cachedGroupHeadBytes() : 0);
    UnreadCounter unread = new UnreadCounter(state, config, groupReader);
    ConversationLister lister = new ConversationLister(state, cursors, unread, groupReader, config.cachedHeadBytes());
    FeedReader feed = new FeedReader(store, state, groupReader, cursors, partitioning, config,
        p -> commands.durableSeq(p, Long.MAX_VALUE));
    EventStreams streams = new EventStreams(feed, state, store, replies, config.clock());
    streams.tellingOtherNodes((id, by) -> peers.reacted(id, by).exceptionally(e -> {
      log.debug("other nodes not told of the reactions to group message {}", id, e);
      return null;
    }));
    streams.tellingOtherNodesOfPins(gid -> peers.groupPinsChanged(gid).exceptionally(e -> {
      log.debug("other nodes not told of the pins of group {}", gid, e);
      return null;
    }));
    this.followers = new FeedFollowers(store, partitioning, feed, config.clock());
    this.indexer = config.search() ? new SearchIndexer(store, partitioning, p -> commands.durableSeq(p, 0)) : null;
    BroadcastJobs jobs = new BroadcastJobs(store, state, config,
        (id, sender) -> commands.submit(sender, new CompleteBroadcastCommand(id, sender))
            .thenRun(() -> peers.fannedOut(sender, id).exceptionally(e -> {
              log.debug("other nodes not told that broadcast {} was fanned out", id, e);
              return null;
            })));
    VisibleMessages visible = new VisibleMessages(state, groupReader);
    this.blobAccess = new BlobAccess(store, blobs, visible, commands);
    MessageReferences references = new MessageReferences(visible, state, replies);
    this.messages = new Messages(config, commands, state, visible, references, blobAccess, peers, replies);
    this.conversations = new Conversations(config, commands, state, history, lister, unread, groupReader, replies);
    this.pins = new Pins(commands, state, visible, groupReader);
    this.groups = new Groups(config, commands, groupReader, references, blobAccess, peers, replies);
    this.broadcasts = new Broadcasts(config, commands, state, cursors, jobs, blobs, messages, peers, replies);
    this.relations = new Relations(config, commands, state);
    this.search = new MessageSearch(config, commands, indexer, new Searcher(store, state, groupReader, cursors),
        groupReader, state.reactions(), replies);
    this.events = new Events(commands, feed, streams);
    this.live = new Live(commands, state, groupReader, streams, peers);
    this.pushReads = new PushReads(config, commands, state, store, streams, unread, groupReader);
    this.moderation = new Moderation(commands, state, store, visible, cursors, peers, replies);
    this.reactions = new Reactions(commands, visible, state);
    this.compaction = new StoreCompaction(store, replies);
    this.export = new Export(config, commands, conversations);
    ErasureJobs erasureJobs = new ErasureJobs(state, commands, moderation, groups, relations, conversations, reactions, compaction,
        config);
    this.erasures = new Erasures(commands, state, erasureJobs);
    this.retention = new io.letterbox.engine.expiry.RetentionSweep(store, partitioning, () -> host.hosted().keySet(),
        id -> moderation.remove(id, io.letterbox.model.Removal.Reason.RETENTION, null), config.clock(),
        config.messageRetention().orElse(null), state::onHold);
    this.disappearing = new io.letterbox.engine.expiry.DisappearingSweep(store, partitioning,
        () -> host.hosted().keySet(),
        id -> moderation.remove(id, io.letterbox.model.Removal.Reason.DISAPPEARING, null), config.clock());
    this.schedules = new Schedules(config, commands, state, messages, groups,
        new io.letterbox.engine.schedule.DueSchedules(store, state, commands, () -> host.hosted().keySet(),
            config.clock(), config.requestsFolder(), peers::published), cursors);
    this.upkeep = new NodeUpkeep(store, state, lister, groupReader, feed, streams, indexer, followers, jobs, erasureJobs, host,
        new Derivations(new ListCaches.Caches(lister, state, groupReader), streams,
            partitioning));
    host.start(upkeep);
    upkeep.start();
    host.repeat(events::logReceipts, RECEIPT_FLUSHES);
    retention.start(RETENTION_SWEEPS);
    disappearing.start();
    schedules.due().start();
  }

  /** How often what devices received is logged as delivery receipts (decision 0051). */
  private static final java.time.Duration RECEIPT_FLUSHES = java.time.Duration.ofSeconds(1);

  /** How often the retention sweep runs: API.md gives it a day past the horizon. */
  private static final java.time.Duration RETENTION_SWEEPS = java.time.Duration.ofHours(1);

  /** An engine that hosts every partition of the store: one process, no cluster. */
  public static Letterbox open(KeyValueStore store, LetterboxConfig config) {
    return new Letterbox(store, config, Peers.NONE, true);
  }

  /**
   * An engine that hosts the partitions it is told to {@link Partitions#take}, and reaches the
   * others through {@code peers}: one node of a cluster (decision 0007).
   */
  public static Letterbox openNode(KeyValueStore store, LetterboxConfig config, Peers peers) {
    return new Letterbox(store, config, peers, false);
  }

  public LetterboxConfig config() {
    return config;
  }

  /** One-to-one messages and any message by id: send, read, recall, edit, delete, import. */
  public Messages messages() {
    return messages;
  }

  /** Pinned messages of one-to-one conversations and groups (decision 0050). */
  public Pins pins() {
    return pins;
  }

  /** An owner's conversations, one-to-one and group: list, history, state, read positions, unread, deletes. */
  public Conversations conversations() {
    return conversations;
  }

  /** Groups: create, rename, members, post. */
  public Groups groups() {
    return groups;
  }

  /** Broadcasts and senders' frequency caps. */
  public Broadcasts broadcasts() {
    return broadcasts;
  }

  /** Follows, subscriptions, segments, blocks and users' settings. */
  public Relations relations() {
    return relations;
  }

  /** Keyword search. */
  public MessageSearch search() {
    return search;
  }

  /** Reactions to messages (decision 0049). */
  public Reactions reactions() {
    return reactions;
  }

  /** Users' reports of messages, for the platform's moderators. */
  public Moderation moderation() {
    return moderation;
  }

  /** Erasure of users and legal hold (decision 0044). */
  public Erasures erasures() {
    return erasures;
  }

  /** Full compactions of the store on request (decision 0042). */
  public StoreCompaction compaction() {
    return compaction;
  }

  /** A user's data as it stands, read a page at a time (decision 0046). */
  public Export export() {
    return export;
  }

  /**
   * The retention sweep (decision 0045): runs every hour with {@code messageRetention} set, and
   * keeps what users on legal hold (decision 0044) are party to.
   */
  public io.letterbox.engine.expiry.RetentionSweep retention() {
    return retention;
  }

  /** The timers of disappearing messages (decision 0045), read every few seconds. */
  public io.letterbox.engine.expiry.DisappearingSweep disappearing() {
    return disappearing;
  }

  /** Scheduled messages (decision 0052). */
  public Schedules schedules() {
    return schedules;
  }

  /** The change feed and live event streams. */
  public Events events() {
    return events;
  }

  /** Typing and presence, told live and never stored (decision 0051). */
  public Live live() {
    return live;
  }

  /**
   * The consumers of the owner feed (webhooks, a change stream): each added one follows the
   * partitions this node hosts from its durable positions (decision 0040).
   */
  public FeedFollowers feedFollowers() {
    return followers;
  }

  /** What offline push reads of the owners this node hosts (decision 0043). */
  public PushReads pushReads() {
    return pushReads;
  }

  /** The blobs (attachments' bytes): not partitioned, any node writes and reads them. */
  public Blobs blobs() {
    return blobs;
  }

  /** Who may read a blob. */
  public BlobAccess blobAccess() {
    return blobAccess;
  }

  /** The partitions this node hosts: taking, releasing, deliveries and notices from other nodes. */
  public Partitions partitions() {
    return host;
  }

  /**
   * The heap the engine's caches hold now, by cache: message contents and audience heads (bounded
   * by cached-message-bytes and cached-audience-bytes), each listing owner's broadcast heads
   * (cached-head-bytes), and senders' newest broadcast ids with published marks
   * (cached-broadcast-id-bytes), and groups' newest messages (cached-group-head-bytes).
   */
  public Map<String, Long> cachedBytes() {
    return upkeep.cachedBytes();
  }

  /** Finishes the writes already accepted, then stops. Does not close the store. */
  @Override
  public void close() {
    retention.close();
    disappearing.close();
    schedules.due().close();
    host.close();
    followers.close();
    if (indexer != null) {
      indexer.close();
    }
    replies.shutdown();
  }

  /** The key that signs cursors, made once per deployment and kept in the store. */
  private static byte[] secret(KeyValueStore store) {
    byte[] key = StateKey.meta("cursor-secret");
    byte[] secret = store.get(Spaces.STATE, key);
    if (secret == null) {
      secret = new byte[32];
      new SecureRandom().nextBytes(secret);
      // Nodes starting together on a new store agree on the first one written.
      store.compareAndSet(Spaces.STATE, key, null, secret);
      secret = store.get(Spaces.STATE, key);
    }
    return secret;
  }
}
