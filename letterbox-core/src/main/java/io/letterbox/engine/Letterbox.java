package io.letterbox.engine;

import io.letterbox.blob.BlobReferences;
import io.letterbox.blob.Blobs;
import io.letterbox.model.Blob;
import io.letterbox.engine.apply.Action;
import io.letterbox.engine.derive.Derivations;
import io.letterbox.engine.derive.ListCaches;
import io.letterbox.engine.feed.EventStreams;
import io.letterbox.engine.feed.FeedEntry;
import io.letterbox.engine.search.SearchIndexer;
import io.letterbox.engine.search.SearchQuery;
import io.letterbox.engine.search.Searcher;
import io.letterbox.engine.feed.FeedPosition;
import io.letterbox.engine.feed.FeedReader;
import io.letterbox.keys.FeedKey;
import io.letterbox.model.SyncPage;
import io.letterbox.engine.fanout.BroadcastJobs;
import io.letterbox.engine.read.ConversationLister;
import io.letterbox.engine.read.GroupReader;
import io.letterbox.engine.read.Cursors;
import io.letterbox.engine.read.HistoryReader;
import io.letterbox.engine.read.StateReader;
import io.letterbox.engine.read.UnreadCounter;
import io.letterbox.engine.replay.Replayer;
import io.letterbox.engine.write.AddFollowersCommand;
import io.letterbox.engine.write.BlockCommand;
import io.letterbox.engine.write.BroadcastCommand;
import io.letterbox.engine.write.ChangeMembersCommand;
import io.letterbox.engine.write.CreateGroupCommand;
import io.letterbox.engine.write.UserSettingsCommand;
import io.letterbox.engine.write.DeleteGroupMessageCommand;
import io.letterbox.engine.write.GroupSettingsCommand;
import io.letterbox.engine.write.MarkGroupReadCommand;
import io.letterbox.engine.write.PostCommand;
import io.letterbox.engine.write.RecallGroupMessageCommand;
import io.letterbox.engine.write.RenameGroupCommand;
import io.letterbox.engine.write.CompleteBroadcastCommand;
import io.letterbox.engine.write.ConversationStateCommand;
import io.letterbox.engine.write.Decision;
import io.letterbox.engine.write.DeleteAllCommand;
import io.letterbox.engine.write.DeleteConversationCommand;
import io.letterbox.engine.write.DeleteMessageCommand;
import io.letterbox.engine.write.ImportCommand;
import io.letterbox.engine.write.MarkReadCommand;
import io.letterbox.engine.write.RelationCommand;
import io.letterbox.engine.write.SegmentCommand;
import io.letterbox.engine.write.ReviseCommand;
import io.letterbox.engine.write.SendCommand;
import io.letterbox.engine.write.DeliverCommand;
import io.letterbox.engine.partition.PartitionWriter;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.engine.write.Sequencer;
import io.letterbox.engine.write.SetCapCommand;
import io.letterbox.id.Ids;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.model.Audience;
import io.letterbox.model.Broadcast;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.Conversation;
import io.letterbox.model.Extras;
import io.letterbox.model.Folder;
import io.letterbox.model.FrequencyCap;
import io.letterbox.model.Group;
import io.letterbox.model.GroupMember;
import io.letterbox.model.GroupPost;
import io.letterbox.model.GroupRefusal;
import io.letterbox.model.NewGroup;
import io.letterbox.model.UserSettings;
import io.letterbox.model.GroupRole;
import io.letterbox.model.ImportedMessage;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.model.SendRequest;
import io.letterbox.model.SendResult;
import io.letterbox.model.UnreadSummary;
import io.letterbox.rows.BroadcastRecord;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.Space;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's facade, usable as a plain Java library. Mutations return futures that complete
 * once the change is durable; reads answer directly. Every refusal is a
 * {@link LetterboxException} (thrown, or completing the future) and changes nothing.
 *
 * <p>The store must have been opened with {@link #SPACES}; the caller closes it after the engine.
 */
public final class Letterbox implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Letterbox.class);

  /** The key spaces a store must be opened with. */
  public static final List<Space> SPACES = Spaces.ALL;

  private static final java.time.Duration RETAKE_DELAY = java.time.Duration.ofSeconds(1);
  /** Commands waiting for the node's sequencer, all partitions together; past it a write is refused as overloaded. */
  private static final int QUEUE_CAPACITY = 65_536;

  private final LetterboxConfig config;
  private final StateReader state;
  private final HistoryReader history;
  private final ConversationLister conversations;
  private final UnreadCounter unread;
  private final GroupReader groups;
  private final Cursors cursors;
  private final KeyValueStore store;
  private final Blobs blobs;
  private final FeedReader feed;
  private final EventStreams streams;
  /** Null when search is turned off. */
  private final SearchIndexer indexer;
  private final Searcher searcher;
  /** Every consumer of applied actions, and when each runs. */
  private final Derivations derivations;
  /** The newest day whose older feed events were deleted (decision 0010). */
  private volatile int feedSweptBefore;
  private final Partitioning partitioning;
  private final Peers peers;
  private final boolean hostsAll;
  /** This node's writers, by partition; null where it hosts none. */
  private final AtomicReferenceArray<PartitionWriter> writers;
  /** The partitions this node was asked to host (all of them, without a cluster). */
  private final Set<Integer> assigned = ConcurrentHashMap.newKeySet();
  /** Why a partition is being taken again: the store failure that stopped its writer; null otherwise. */
  private final Map<Integer, RuntimeException> retaking = new ConcurrentHashMap<>();
  /** Partitions whose last take again failed too (logged once, not every try). */
  private final Set<Integer> retakeFailing = ConcurrentHashMap.newKeySet();
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "letterbox-partitions");
    t.setDaemon(true);
    return t;
  });
  private volatile boolean closed;
  /** Decides and writes the commands of every partition hosted here. */
  private final Sequencer sequencer;
  private final BroadcastJobs jobs;
  private final Thread prewarm;
  /** Builds replies that read the store once a write is durable: never on the store's commit threads. */
  private final ExecutorService replies = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "letterbox-replies");
    t.setDaemon(true);
    return t;
  });

  private Letterbox(KeyValueStore store, LetterboxConfig config, Peers peers, boolean hostsAll) {
    this.config = config;
    this.store = store;
    this.blobs = new Blobs(store, config.maxBlobBytes());
    this.peers = peers;
    this.hostsAll = hostsAll;
    this.partitioning = Replayer.prepare(store, config, config.partitions());
    this.writers = new AtomicReferenceArray<>(partitioning.count());
    this.sequencer = new Sequencer(store, QUEUE_CAPACITY, "node-" + config.node());
    this.state = StateReader.cached(store, config, io.letterbox.engine.apply.ActionCodec::message);
    this.cursors = new Cursors(secret(store));
    this.history = new HistoryReader(state, cursors);
    this.groups = new GroupReader(state, cursors, hostsAll ? config.cachedGroupHeadBytes() : 0);
    this.unread = new UnreadCounter(state, config, groups);
    this.conversations = new ConversationLister(state, cursors, unread, groups, config.cachedHeadBytes());
    this.derivations = new Derivations(new ListCaches.Caches(conversations, state, groups));
    this.feed = new FeedReader(store, state, groups, cursors, partitioning, config, p -> {
      PartitionWriter w = writers.get(p);
      return w == null ? Long.MAX_VALUE : w.durableSeq();
    });
    this.streams = new EventStreams(feed, state, store, replies);
    this.searcher = new Searcher(store, state, groups, cursors);
    this.indexer = config.search() ? new SearchIndexer(store, partitioning, this::durableSeq) : null;
    this.jobs = new BroadcastJobs(store, state, config,
        (id, sender) -> submit(sender, new CompleteBroadcastCommand(id, sender))
            .thenRun(() -> peers.fannedOut(sender, id).exceptionally(e -> {
              log.debug("other nodes not told that broadcast {} was fanned out", id, e);
              return null;
            })));
    if (hostsAll) {
      for (int p = 0; p < partitioning.count(); p++) {
        take(p);
      }
      // Every revision of the store is written here from now on (decision 0009).
      state.learnRevisionsInProcess();
      // And every broadcast: after the recovery the takes replayed, the cache can hold every
      // sender, and a receiver's first list then reads none of them.
      state.broadcasts().loadNewest(true);
    } else {
      // Other nodes broadcast too: the cache starts full, but a sender missing from it is read.
      state.broadcasts().loadNewest(false);
      // Views of the cluster overlap for a moment when members come and go: a node may take a
      // partition another still believes it hosts, and that one learns it only when it writes.
      timer.scheduleWithFixedDelay(this::checkEpochs, 1, 1, java.util.concurrent.TimeUnit.SECONDS);
    }
    timer.scheduleWithFixedDelay(this::sweepFeed, 0, 1, java.util.concurrent.TimeUnit.HOURS);
    this.prewarm = new Thread(this::prewarmBigSenders, "letterbox-prewarm");
    prewarm.setDaemon(true);
    prewarm.start();
  }

  /** An engine that hosts every partition of the store: one process, no cluster. */
  public static Letterbox open(KeyValueStore store, LetterboxConfig config) {
    return new Letterbox(store, config, Peers.NONE, true);
  }

  /**
   * An engine that hosts the partitions it is told to {@link #take}, and reaches the others
   * through {@code peers}: one node of a cluster (decision 0007).
   */
  public static Letterbox openNode(KeyValueStore store, LetterboxConfig config, Peers peers) {
    return new Letterbox(store, config, peers, false);
  }

  // --- partitions ---

  /** The store's partitions. */
  public Partitioning partitioning() {
    return partitioning;
  }

  /**
   * Hosts partition {@code p} from now on: takes it from any earlier writer (fencing it), applies
   * what that writer left, and starts deciding its writes.
   */
  public synchronized void take(int p) {
    checkPartition(p);
    assigned.add(p);
    PartitionWriter current = writers.get(p);
    if (current != null && current.running()) {
      return;
    }
    PartitionWriter writer = PartitionWriter.take(store, config, partitioning, p, host, timer, sequencer);
    writers.set(p, writer);
    retaking.remove(p);
    if (retakeFailing.remove(p)) {
      log.info("partition {}: taken again; it takes writes", p);
    }
    if (indexer != null) {
      indexer.follow(p);
    }
    if (!hostsAll) {
      // Its owners' lists changed while another node hosted it: what this node cached of them is stale.
      conversations.forgetAll();
    }
    jobs.resume(sender -> partitioning.of(sender) == p);
  }

  /** Stops hosting partition {@code p}: finishes its queued writes, then refuses its commands. */
  public void release(int p) {
    checkPartition(p);
    assigned.remove(p);
    PartitionWriter writer = writers.getAndSet(p, null);
    if (writer != null) {
      writer.close();
    }
    if (indexer != null) {
      indexer.unfollow(p);
    }
    streams.keepOnly(owner -> writers.get(partitioning.of(owner)) != null);
    if (!hostsAll && hosted().isEmpty()) {
      // Out of the cluster (or leaving it): announcements of other senders' broadcasts may be
      // missed until it is back, so what it knew of them is not trusted then.
      state.broadcasts().forgetAll();
    }
  }

  /** The partitions hosted here now, with the epoch each was taken at. */
  public Map<Integer, Long> hosted() {
    Map<Integer, Long> out = new java.util.TreeMap<>();
    for (int p = 0; p < writers.length(); p++) {
      PartitionWriter w = writers.get(p);
      if (w != null && w.running()) {
        out.put(p, w.epoch());
      }
    }
    return out;
  }

  /**
   * Applies partition {@code p}'s part of actions other partitions logged (from their outboxes);
   * each once however often it is delivered.
   */
  public CompletableFuture<Void> deliver(int p, long[] origins) {
    checkPartition(p);
    for (long origin : origins) {
      Validate.messageId(origin);
    }
    return writer(p).submit(new DeliverCommand(p, origins.clone(), null));
  }

  /**
   * Another node published broadcast {@code id} of {@code sender} (readers here see it now), or
   * message {@code id} posted to group {@code sender} (its members connected here get it).
   */
  public void published(long sender, long id) {
    Validate.uid("sender", sender);
    Validate.messageId(id);
    Message m = state.message(id);
    if (m != null && m.kind() == Message.Kind.GROUP) {
      // A group's post, or its recall: its members connected here are told (decision 0011).
      if (m.recalled()) {
        streams.recalledInGroup(m);
      } else {
        streams.posted(m);
      }
      return;
    }
    state.broadcasts().published(sender, id);
    streams.published(sender, id);
  }

  /**
   * Another node fanned out broadcast {@code id} of {@code sender}: the receivers it reached
   * without a relation find the sender in their lists here now.
   */
  public void fannedOut(long sender, long id) {
    Validate.uid("sender", sender);
    Validate.messageId(id);
    state.broadcasts().fannedOut(sender, id);
  }

  /** The seq up to which partition {@code p}'s journal is durable here; 0 where it is not hosted. */
  private long durableSeq(int p) {
    PartitionWriter w = writers.get(p);
    return w == null ? 0 : w.durableSeq();
  }

  private void checkPartition(int p) {
    if (p < 0 || p >= partitioning.count()) {
      throw LetterboxException.invalid("partition must be 0..%d: %d", partitioning.count() - 1, p);
    }
  }

  private PartitionWriter writer(int p) {
    PartitionWriter w = writers.get(p);
    if (w == null || !w.running()) {
      RuntimeException failure = retaking.get(p);
      if (failure != null && assigned.contains(p)) {
        throw LetterboxException.storeTrouble("partition " + p + " takes no writes until its store does", failure,
            "retry shortly");
      }
      throw new NotOwnerException(p, "partition " + p + " is not hosted by this node now; retry shortly");
    }
    return w;
  }

  /**
   * Reads of an owner are answered by the node hosting it, whose caches its writes keep current:
   * elsewhere they are refused as {@link NotOwnerException}, which the server forwards.
   */
  private void requireHosted(long owner) {
    if (!hostsAll) {
      writer(partitioning.of(owner));
    }
  }

  private <R> CompletableFuture<R> submit(long owner, io.letterbox.engine.write.Command<R> command) {
    return submitTo(partitioning.of(owner), command);
  }

  private <R> CompletableFuture<R> submitTo(int p, io.letterbox.engine.write.Command<R> command) {
    try {
      return writer(p).submit(command);
    } catch (LetterboxException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  private final PartitionWriter.Host host = new PartitionWriter.Host() {
    @Override
    public void visible(Decision.Logged logged) {
      afterVisible(logged);
    }

    @Override
    public CompletableFuture<Void> deliver(int partition, long[] origins, Action[] actions) {
      PartitionWriter w = writers.get(partition);
      if (w != null && w.running()) {
        return w.submit(new DeliverCommand(partition, origins, actions));
      }
      return peers.deliver(partition, origins);
    }

    @Override
    public void durable(int partition, List<FeedEntry> events) {
      if (!events.isEmpty()) {
        streams.feed(events);
      }
      if (indexer != null) {
        indexer.wake();
      }
    }

    @Override
    public void stopped(PartitionWriter writer, RuntimeException cause) {
      int p = writer.partition();
      writers.compareAndSet(p, writer, null);
      if (closed) {
        return;
      }
      if (cause instanceof io.letterbox.store.FencedException) {
        log.warn("partition {}: another node took it (epoch {} fenced)", p, writer.epoch());
      } else {
        retaking.put(p, cause);
        log.error("partition {}: a write failed; taking it again from what is durable", p, cause);
      }
      // Still assigned here: take it back once the store answers (a fence by a node with a stale
      // view of the cluster ends when its view catches up).
      scheduleRetake(p);
    }
  };

  private void scheduleRetake(int p) {
    try {
      timer.schedule(() -> retake(p), RETAKE_DELAY.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.RejectedExecutionException closing) {
      // The engine is closing: nothing to take back.
    }
  }

  /** Replaces every writer whose partition another writer took since (a newer epoch). */
  private void checkEpochs() {
    for (int p = 0; p < writers.length(); p++) {
      PartitionWriter w = writers.get(p);
      if (w == null || closed) {
        continue;
      }
      try {
        long epoch = io.letterbox.engine.partition.PartitionRecords.epoch(store, p);
        if (epoch != w.epoch() && writers.compareAndSet(p, w, null)) {
          log.info("partition {}: taken at epoch {} by another writer since this one took it at {}", p, epoch, w.epoch());
          w.close();
          retake(p);
        }
      } catch (RuntimeException e) {
        log.debug("partition {}: epoch not checked", p, e);
      }
    }
  }

  private void retake(int p) {
    if (closed || !assigned.contains(p)) {
      return;
    }
    try {
      take(p);
    } catch (RuntimeException e) {
      if (retakeFailing.add(p)) {
        log.error("partition {}: cannot take it yet; trying again every {} (logged again once it is taken)", p,
            RETAKE_DELAY, e);
      } else {
        log.debug("partition {}: cannot take it yet", p, e);
      }
      scheduleRetake(p);
    }
  }

  /**
   * Recalls message {@code id} for its sender {@code uid} (decision 0009): every party then sees
   * it recalled. Recalling it again answers the same.
   *
   * @return the message as recalled; fails with NOT_FOUND if {@code uid} cannot see it, NOT_SENDER
   *     if {@code uid} did not send it, RECALL_WINDOW_PASSED if it is older than recall-window
   */
  public CompletableFuture<Message> recall(long uid, long id) {
    return revise(uid, id, null);
  }

  /**
   * Recalls broadcast {@code id} for every receiver, by its sender {@code by}: one record, as for
   * any message (decision 0009).
   *
   * @return the broadcast's message as recalled; fails with NOT_FOUND if no broadcast has this id,
   *     NOT_SENDER if {@code by} did not send it, RECALL_WINDOW_PASSED if it is older than recall-window
   */
  public CompletableFuture<Message> recallBroadcast(long by, long id) {
    Validate.uid("by", by);
    Validate.messageId(id);
    Message m = state.message(id);
    if (m == null || m.kind() != Message.Kind.BROADCAST) {
      throw LetterboxException.notFound("no broadcast %d", id);
    }
    return recall(by, id);
  }

  /**
   * Edits the text of text message {@code id} for its sender {@code uid}.
   *
   * @return the message as edited; fails with NOT_FOUND, NOT_SENDER, EDIT_WINDOW_PASSED, or
   *     INVALID_ARGUMENT for a message of another type or a recalled one
   * @throws LetterboxException INVALID_ARGUMENT for a bad text
   */
  public CompletableFuture<Message> edit(long uid, long id, String text) {
    return revise(uid, id, Validate.text(text, config.maxTextLength()));
  }

  private CompletableFuture<Message> revise(long uid, long id, String text) {
    Validate.uid("uid", uid);
    Validate.messageId(id);
    Message m = state.message(id);
    boolean group = m != null && m.kind() == Message.Kind.GROUP;
    CompletableFuture<Message> revised;
    if (text == null && group && m.from() != uid) {
      // Another member's group message: its group's admins may recall it (decided where roles are).
      int home = partitioning.of(m.to());
      revised = afterDelivery(home, submitTo(home, new RecallGroupMessageCommand(uid, m)), Long::longValue)
          .thenApplyAsync(done -> state.message(id), replies);
    } else {
      revised = submit(uid, new ReviseCommand(uid, id, text));
    }
    if (!group || text != null) {
      return revised;
    }
    return revised.thenApply(recalled -> {
      // The group's members connected here are told now, those connected elsewhere once told.
      streams.recalledInGroup(recalled);
      peers.published(recalled.to(), recalled.id());
      return recalled;
    });
  }

  /** The blobs (attachments' bytes): not partitioned, any node writes and reads them. */
  public Blobs blobs() {
    return blobs;
  }

  public LetterboxConfig config() {
    return config;
  }

  /**
   * Reads a blob for {@code reader} (decision 0022): its uploader, a user who can see one of the
   * newest {@link BlobReferences#MAX_CHECKED} messages that attach it, or a service.
   *
   * @param reader a uid, or {@link Blobs#SERVICE}
   * @return the blob; empty if none is stored under {@code id} or {@code reader} may not read it
   *     (the same answer: no one learns that a blob it may not read exists)
   * @throws LetterboxException INVALID_ARGUMENT if {@code id} is not a blob id
   */
  public Optional<Blob> blob(long reader, String id) {
    if (reader != Blobs.SERVICE) {
      Validate.uid("reader", reader);
      requireHosted(reader);
    }
    return readable(reader, id);
  }

  /**
   * @return the blob {@code id} names if {@code reader} (a uid, or {@link Blobs#SERVICE}) may read
   *     it: a service, its uploader, or a user who can see a message that still attaches it
   */
  private Optional<Blob> readable(long reader, String id) {
    Optional<Blob> blob = blobs.find(id);
    if (blob.isEmpty() || reader == Blobs.SERVICE || blob.get().uploader() == reader) {
      return blob;
    }
    for (long message : BlobReferences.newest(store, id)) {
      Optional<Message> seen = visibleMessage(reader, message);
      if (seen.isPresent() && seen.get().extras().attachments().stream().anyMatch(a -> a.blob().equals(id))) {
        return blob;
      }
    }
    return Optional.empty();
  }

  /** Sends a one-to-one message for a service, which may attach any blob. */
  public CompletableFuture<SendResult> send(SendRequest request) {
    return send(request, Blobs.SERVICE);
  }

  /**
   * Sends a one-to-one message.
   *
   * @param attacher who asks: the sender acting for itself, whose attachments must be blobs it
   *     may read, or {@link Blobs#SERVICE}
   */
  public CompletableFuture<SendResult> send(SendRequest request, long attacher) {
    Validate.uid("from", request.from());
    Validate.uid("to", request.to());
    Validate.distinct("from", request.from(), "to", request.to());
    Extras extras = Validate.extras(request.extras(), id -> readable(attacher, id));
    String text = Validate.text(request.text(), extras.type(), config.maxTextLength());
    Validate.idempotencyKey(request.idempotencyKey());
    SendRequest checked = new SendRequest(request.from(), request.to(), text, request.idempotencyKey(), extras);
    int home = partitioning.of(request.from());
    return submitTo(home, new SendCommand(checked, config.requestsFolder())).thenCompose(result -> {
      PartitionWriter w = writers.get(home);
      if (w == null || !result.created()) {
        return CompletableFuture.completedFuture(result);
      }
      // The receiver's partition normally applies it within milliseconds: wait, so that it reads
      // its message at once; the message is durable either way.
      return w.delivered(result.message().id())
          .completeOnTimeout(null, config.deliveryWait().toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)
          .handle((ok, error) -> result);
    });
  }

  /** @return the message if {@code owner} can see it. */
  public Optional<Message> message(long owner, long id) {
    Validate.uid("uid", owner);
    Validate.messageId(id);
    requireHosted(owner);
    return visibleMessage(owner, id);
  }

  private Optional<Message> visibleMessage(long owner, long id) {
    Message m = state.message(id);
    if (m != null && m.kind() == Message.Kind.GROUP) {
      return groups.visible(owner, m) ? Optional.of(m) : Optional.empty();
    }
    long peer = m == null ? 0 : io.letterbox.engine.read.ConversationState.peerOf(owner, m);
    return peer != 0 && state.conversations().visible(owner, peer, m) ? Optional.of(m) : Optional.empty();
  }

  /**
   * The messages between {@code owner} and {@code peer} that the owner can see, newest first.
   *
   * @param cursor null for the first page, else the {@code next} of the previous page
   */
  public Page<Message> history(long owner, long peer, String cursor, int limit) {
    Validate.uid("uid", owner);
    Validate.uid("peer", peer);
    Validate.distinct("uid", owner, "peer", peer);
    Validate.limit(limit);
    requireHosted(owner);
    return history.page(owner, peer, cursor, limit);
  }

  /**
   * The messages {@code owner} can see that contain every word of the query, newest first
   * (decision 0012). What the owner's partition wrote before the call is found once indexed
   * (waited for up to search-wait); broadcasts and group messages as soon as their own partitions
   * indexed them.
   *
   * @param cursor null for the first page, else the {@code next} of the previous page of the same query
   * @throws LetterboxException NOT_FOUND for an unknown {@code group}, or when search is turned off
   */
  public CompletableFuture<Page<Message>> search(long owner, SearchQuery query, String cursor, int limit) {
    if (indexer == null) {
      throw LetterboxException.notFound("search is turned off in this deployment (search=false)");
    }
    Validate.uid("uid", owner);
    Validate.limit(limit);
    if (query.peer() != 0) {
      Validate.uid("peer", query.peer());
      Validate.distinct("uid", owner, "peer", query.peer());
    }
    if (query.group() != 0) {
      groups.group(query.group());
    }
    requireHosted(owner);
    int p = partitioning.of(owner);
    return indexer.indexed(p, durableSeq(p))
        .completeOnTimeout(null, config.searchWait().toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)
        .thenApplyAsync(indexed -> searcher.search(owner, query, cursor, limit), replies);
  }

  /** Journal entries durable here that the search index does not cover yet. */
  public long searchLag() {
    return indexer == null ? 0 : indexer.lag();
  }

  /** The owner's default list: pinned first, then latest activity first, with unread counts per device. */
  public Page<Conversation> conversations(long owner, String cursor, int limit) {
    return conversations(owner, Folder.DEFAULT, cursor, limit);
  }

  /** The owner's conversations in {@code folder}: pinned first, then latest activity first. */
  public Page<Conversation> conversations(long owner, Folder folder, String cursor, int limit) {
    Validate.uid("uid", owner);
    Validate.limit(limit);
    java.util.Objects.requireNonNull(folder, "folder");
    requireHosted(owner);
    return conversations.page(owner, folder, cursor, limit);
  }

  /**
   * {@code owner}'s conversation with {@code peer} as its list shows it: the newest message the
   * owner can see with the peer (one-to-one either way, or the peer's broadcast that reached it)
   * and the unread counts per device.
   *
   * @throws LetterboxException {@link ErrorCode#NOT_FOUND} if the owner has no visible message with the peer
   */
  public Conversation conversation(long owner, long peer) {
    Page<Message> newest = history(owner, peer, null, 1);
    Conversation c = conversations.one(owner, peer, newest.items().isEmpty() ? null : newest.items().get(0));
    if (c == null) {
      throw LetterboxException.notFound("user %d has no conversation with %d", owner, peer);
    }
    return c;
  }

  /**
   * Changes the owner's settings of its conversation with {@code peer}; a null setting keeps its
   * value.
   *
   * @return the conversation as its list shows it now
   * @throws LetterboxException {@link ErrorCode#NOT_FOUND} if the owner has no visible message
   *     with the peer (nothing is changed)
   */
  public CompletableFuture<Conversation> setConversationState(long owner, long peer, Boolean pinned, Boolean muted,
      Boolean archived) {
    Validate.uid("uid", owner);
    Validate.uid("peer", peer);
    Validate.distinct("uid", owner, "peer", peer);
    conversation(owner, peer);
    return submit(owner, new ConversationStateCommand(owner, peer, pinned, muted, archived))
        .thenApplyAsync(done -> conversation(owner, peer), replies);
  }

  /** Blocks ({@code block}) or unblocks {@code peer} for {@code owner}. */
  public CompletableFuture<Void> block(long owner, long peer, boolean block) {
    Validate.uid("uid", owner);
    Validate.uid("peer", peer);
    if (owner == peer) {
      throw LetterboxException.invalid("a user cannot block itself: %d", owner);
    }
    return submit(owner, new BlockCommand(owner, peer, block));
  }

  /**
   * Unread messages in the owner's requests folder (a message read on any device counts as read);
   * empty when the deployment has no requests folder.
   */
  public java.util.OptionalLong requestsUnread(long owner) {
    Validate.uid("uid", owner);
    requireHosted(owner);
    return config.requestsFolder() ? java.util.OptionalLong.of(state.conversations().requestsUnread(owner)) : java.util.OptionalLong.empty();
  }

  /**
   * The heap the engine's caches hold now, by cache: message contents and audience heads (bounded
   * by cached-message-bytes and cached-audience-bytes), each listing owner's broadcast heads
   * (cached-head-bytes), and senders' newest broadcast ids with published marks
   * (cached-broadcast-id-bytes), and groups' newest messages (cached-group-head-bytes).
   */
  public Map<String, Long> cachedBytes() {
    Map<String, Long> out = new java.util.LinkedHashMap<>();
    out.put("messages", state.cachedMessageBytes());
    out.put("audience-heads", state.broadcasts().cachedHeadBytes());
    out.put("conversation-heads", conversations.cachedBytes());
    out.put("broadcast-ids", state.broadcasts().cachedIdBytes());
    out.put("group-heads", groups.heads().cachedBytes());
    return out;
  }

  /** {@code uid}'s settings: its own, the defaults where it set none. */
  public UserSettings userSettings(long uid) {
    Validate.uid("uid", uid);
    requireHosted(uid);
    return state.userSettings(uid);
  }

  /** Changes some of {@code uid}'s settings; the others keep their values. @return the settings as they are now */
  public CompletableFuture<UserSettings> setUserSettings(long uid, UserSettings.Change change) {
    Validate.uid("uid", uid);
    if (change == null || change.isEmpty()) {
      throw LetterboxException.invalid("give at least one setting");
    }
    return submit(uid, new UserSettingsCommand(uid, change));
  }

  /** The peers the owner blocked, in uid order. */
  public List<Long> blocked(long owner) {
    Validate.uid("uid", owner);
    requireHosted(owner);
    return state.conversations().blockedPeers(owner);
  }

  /** Marks the conversation read on {@code device} up to {@code upTo} (null: everything so far). */
  public CompletableFuture<Void> markRead(long owner, long peer, String device, Long upTo) {
    Validate.uid("uid", owner);
    Validate.uid("peer", peer);
    Validate.distinct("uid", owner, "peer", peer);
    Validate.device(device, config.devices());
    if (upTo != null) {
      Validate.messageId(upTo);
    }
    return submit(owner, new MarkReadCommand(owner, peer, device, upTo));
  }

  /** Exact unread counts of the owner on {@code device}, without scanning history. */
  public UnreadSummary unread(long owner, String device) {
    Validate.uid("uid", owner);
    Validate.device(device, config.devices());
    requireHosted(owner);
    return unread.summary(owner, device);
  }

  /** Deletes one message from the owner's view; NOT_FOUND if the owner cannot see it. */
  public CompletableFuture<Void> deleteMessage(long owner, long id) {
    Validate.uid("uid", owner);
    Validate.messageId(id);
    Message m = state.message(id);
    if (m != null && m.kind() == Message.Kind.GROUP) {
      return submit(owner, new DeleteGroupMessageCommand(owner, m));
    }
    long peer = m == null ? 0 : io.letterbox.engine.read.ConversationState.peerOf(owner, m);
    if (peer == 0) {
      return CompletableFuture.failedFuture(LetterboxException.notFound("user %d has no message %d", owner, id));
    }
    return submit(owner, new DeleteMessageCommand(owner, peer, m));
  }

  /** Empties one conversation of the owner; the peer keeps its copy. */
  public CompletableFuture<Void> deleteConversation(long owner, long peer) {
    Validate.uid("uid", owner);
    Validate.uid("peer", peer);
    Validate.distinct("uid", owner, "peer", peer);
    return submit(owner, new DeleteConversationCommand(owner, peer));
  }

  /** Empties every conversation of the owner. */
  public CompletableFuture<Void> deleteAll(long owner) {
    Validate.uid("uid", owner);
    return submit(owner, new DeleteAllCommand(owner));
  }

  // --- groups (decision 0011) ---

  /**
   * Creates a group owned by {@code by} with {@code members} (repeats and {@code by} itself are
   * dropped: the creator is always a member). Those that do not consent to being added by
   * {@code by} are left out and listed (decision 0023).
   *
   * @return the group and the refused; fails with GROUP_FULL past max-group-members
   */
  public CompletableFuture<NewGroup> createGroup(long by, String name, long[] members, boolean newMembersSeeAll) {
    Validate.uid("by", by);
    String checkedName = Validate.groupName(name);
    long[] others = Validate.uids("members", members == null ? new long[0] : members, Integer.MAX_VALUE, true);
    long[] all = Validate.uids("members", java.util.stream.LongStream.concat(java.util.Arrays.stream(others),
        java.util.stream.LongStream.of(by)).toArray(), Integer.MAX_VALUE, false);
    if (all.length > config.maxGroupMembers()) {
      return CompletableFuture.failedFuture(new LetterboxException(ErrorCode.GROUP_FULL, String.format(
          "a group has at most max-group-members (%d) members: %d", config.maxGroupMembers(), all.length)));
    }
    int home = partitioning.of(by);
    return afterDelivery(home, submitTo(home, new CreateGroupCommand(by, checkedName, newMembersSeeAll, all)),
        created -> created.group().id());
  }

  /** @throws LetterboxException NOT_FOUND if there is no group {@code gid} */
  public Group group(long gid) {
    Validate.uid("group", gid);
    requireHosted(gid);
    return groups.group(gid);
  }

  /** Renames group {@code gid}, for its owner or an admin {@code by}. @return the group as it is now */
  public CompletableFuture<Group> renameGroup(long gid, long by, String name) {
    Validate.uid("group", gid);
    Validate.uid("by", by);
    String checkedName = Validate.groupName(name);
    return submit(gid, new RenameGroupCommand(gid, by, checkedName)).thenApplyAsync(done -> groups.group(gid), replies);
  }

  /**
   * Adds {@code uids} to group {@code gid} with {@code role}, or gives them that role if they are
   * members; {@link GroupRole#OWNER} hands the group over to one uid. By the owner or an admin
   * {@code by}: the owner alone gives or takes the admin role and hands the group over. Users
   * that do not consent to being added by {@code by} are not added (decision 0023).
   *
   * @return the users not added for want of their consent, in uid order
   */
  public CompletableFuture<List<GroupRefusal>> setMembers(long gid, long by, long[] uids, GroupRole role) {
    Validate.uid("group", gid);
    Validate.uid("by", by);
    java.util.Objects.requireNonNull(role, "role");
    long[] checked = Validate.uids("uids", uids, config.maxGroupMembers(), false);
    if (role == GroupRole.OWNER && checked.length != 1) {
      throw LetterboxException.invalid("a group is handed over to one member: %d given", checked.length);
    }
    return afterDelivery(partitioning.of(gid),
        submit(gid, new ChangeMembersCommand(gid, by, role, checked, config.maxGroupMembers())),
        ChangeMembersCommand.Outcome::id)
        .thenApply(ChangeMembersCommand.Outcome::refused);
  }

  /**
   * Removes {@code uid} from group {@code gid}, by the owner or an admin {@code by}, or by itself
   * (leaving): any member may leave; the owner's group passes to its longest-standing admin, else
   * member, and the last member's leaving ends the group (decision 0023).
   */
  public CompletableFuture<Void> removeMember(long gid, long by, long uid) {
    Validate.uid("group", gid);
    Validate.uid("by", by);
    Validate.uid("uid", uid);
    return afterDelivery(partitioning.of(gid),
        submit(gid, new ChangeMembersCommand(gid, by, null, new long[] {uid}, config.maxGroupMembers())),
        ChangeMembersCommand.Outcome::id)
        .thenApply(outcome -> null);
  }

  /** The members of group {@code gid} in uid order. */
  public Page<GroupMember> groupMembers(long gid, String cursor, int limit) {
    Validate.uid("group", gid);
    Validate.limit(limit);
    requireHosted(gid);
    return groups.members(gid, cursor, limit);
  }

  /** Posts a message to a group for a service, which may attach any blob. */
  public CompletableFuture<SendResult> post(GroupPost post) {
    return post(post, Blobs.SERVICE);
  }

  /**
   * Posts a message to a group, for a member; fails with NOT_MEMBER for anyone else.
   *
   * @param attacher who asks: the poster acting for itself, whose attachments must be blobs it
   *     may read, or {@link Blobs#SERVICE}
   */
  public CompletableFuture<SendResult> post(GroupPost post, long attacher) {
    Validate.uid("group", post.group());
    Validate.uid("from", post.from());
    Extras extras = Validate.extras(post.extras(), id -> readable(attacher, id));
    String text = Validate.text(post.text(), extras.type(), config.maxTextLength());
    Validate.idempotencyKey(post.idempotencyKey());
    long[] mentions = Validate.uids("mentions", post.mentions().stream().mapToLong(Long::longValue).toArray(),
        Validate.MAX_MENTIONS, true);
    GroupPost checked = new GroupPost(post.group(), post.from(), text,
        java.util.Arrays.stream(mentions).boxed().toList(), post.idempotencyKey(), extras);
    int home = partitioning.of(post.group());
    return afterDelivery(home, submitTo(home, new PostCommand(checked)).thenApply(r -> {
      if (r.created()) {
        // Its members connected to this node get it now, those connected elsewhere once told.
        streams.posted(r.message());
        peers.published(post.group(), r.message().id());
      }
      return r;
    }), r -> r.created() ? r.message().id() : 0L);
  }

  /** What {@code uid} may see of group {@code gid}, newest first; NOT_MEMBER if it never was a member. */
  public Page<Message> groupHistory(long uid, long gid, String cursor, int limit) {
    Validate.uid("uid", uid);
    Validate.uid("group", gid);
    Validate.limit(limit);
    requireHosted(uid);
    return groups.history(uid, gid, cursor, limit);
  }

  /** {@code uid}'s conversation item of group {@code gid}; NOT_MEMBER if it never was a member. */
  public Conversation groupConversation(long uid, long gid) {
    Validate.uid("uid", uid);
    Validate.uid("group", gid);
    requireHosted(uid);
    return groups.item(uid, gid);
  }

  /**
   * Changes {@code uid}'s settings of group {@code gid}'s conversation; a null setting keeps its
   * value. @return the item as the list shows it now
   */
  public CompletableFuture<Conversation> setGroupState(long uid, long gid, Boolean pinned, Boolean muted,
      Boolean archived) {
    Validate.uid("uid", uid);
    Validate.uid("group", gid);
    return submit(uid, new GroupSettingsCommand(uid, gid, pinned, muted, archived))
        .thenApplyAsync(done -> groups.item(uid, gid), replies);
  }

  /** Marks group {@code gid} read on {@code device} up to {@code upTo} (null: everything so far). */
  public CompletableFuture<Void> markGroupRead(long uid, long gid, String device, Long upTo) {
    Validate.uid("uid", uid);
    Validate.uid("group", gid);
    Validate.device(device, config.devices());
    if (upTo != null) {
      Validate.messageId(upTo);
    }
    return submit(uid, new MarkGroupReadCommand(uid, gid, device, upTo));
  }

  /**
   * {@code written}'s result once the partitions its action reaches applied it, or after
   * deliveryWait: the action is durable either way, and the caller then reads its effects at once.
   *
   * @param id the id of the action that produced the result (0: none, nothing to wait for)
   */
  private <R> CompletableFuture<R> afterDelivery(int home, CompletableFuture<R> written,
      java.util.function.ToLongFunction<R> id) {
    return written.thenCompose(result -> {
      PartitionWriter w = writers.get(home);
      long logged = id.applyAsLong(result);
      if (w == null || logged == 0) {
        return CompletableFuture.completedFuture(result);
      }
      return w.delivered(logged)
          .completeOnTimeout(null, config.deliveryWait().toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)
          .handle((ok, error) -> result);
    });
  }

  /** Stores history from an older system with its original times. @return the ids, in order. */
  public CompletableFuture<List<Long>> importMessages(List<ImportedMessage> messages) {
    if (messages == null || messages.isEmpty()) {
      throw LetterboxException.invalid("messages must not be empty");
    }
    if (messages.size() > config.maxImportBatch()) {
      throw LetterboxException.invalid("at most %d messages per import: %d", config.maxImportBatch(), messages.size());
    }
    Instant now = config.clock().instant();
    for (int i = 0; i < messages.size(); i++) {
      ImportedMessage m = messages.get(i);
      if (m == null) {
        throw LetterboxException.invalid("messages[%d] must not be null", i);
      }
      Validate.uid("messages[" + i + "].from", m.from());
      Validate.uid("messages[" + i + "].to", m.to());
      Validate.distinct("messages[" + i + "].from", m.from(), "to", m.to());
      Validate.text(m.text(), config.maxTextLength());
      if (m.createdAt() == null || m.createdAt().isAfter(now)
          || m.createdAt().toEpochMilli() < Ids.EPOCH) {
        throw LetterboxException.invalid("messages[%d].createdAt must be between %s and now: %s",
            i, Instant.ofEpochMilli(Ids.EPOCH), m.createdAt());
      }
    }
    return submitTo(Partitioning.IMPORTS, new ImportCommand(List.copyOf(messages)));
  }

  /** Sets the sender's frequency cap. */
  public CompletableFuture<Void> setCap(long sender, FrequencyCap cap) {
    Validate.uid("sender", sender);
    if (cap == null) {
      throw LetterboxException.invalid("cap must not be null");
    }
    return submit(sender, new SetCapCommand(sender, cap));
  }

  /** @return the cap in force for {@code sender}: its own, else the configured default. */
  public Optional<FrequencyCap> cap(long sender) {
    Validate.uid("sender", sender);
    requireHosted(sender);
    return state.senders().cap(sender);
  }

  // --- relations and segments ---

  /** {@code uid} follows {@code target}: it joins the audience of the target's later broadcasts. */
  public CompletableFuture<Void> follow(long uid, long target) {
    return relation(RelationCommand.Kind.FOLLOW, uid, target, Map.of());
  }

  /**
   * Every uid of {@code uids} follows {@code target}: loads a follower graph from the platform's
   * relation service in one step instead of one follow each.
   */
  public CompletableFuture<Void> addFollowers(long target, long[] uids) {
    Validate.uid("target", target);
    long[] checked = Validate.uids("uids", uids, config.maxAudienceUids(), false);
    if (java.util.Arrays.binarySearch(checked, target) >= 0) {
      throw LetterboxException.invalid("a user cannot follow itself: %d", target);
    }
    return submit(target, new AddFollowersCommand(target, checked));
  }

  /** {@code uid} stops following {@code target}; what it received stays. */
  public CompletableFuture<Void> unfollow(long uid, long target) {
    return relation(RelationCommand.Kind.UNFOLLOW, uid, target, Map.of());
  }

  /** {@code uid} subscribes to {@code target} with string attributes, replacing earlier ones. */
  public CompletableFuture<Void> subscribe(long uid, long target, Map<String, String> attributes) {
    return relation(RelationCommand.Kind.SUBSCRIBE, uid, target, Validate.attributes("attributes", attributes));
  }

  /**
   * {@code uid} subscribes to {@code target} if it does not: a subscription it has keeps its
   * attributes, a new one has none (decision 0023: a user subscribing does not change what a
   * service set).
   */
  public CompletableFuture<Void> subscribeKeepingAttributes(long uid, long target) {
    return relation(RelationCommand.Kind.SUBSCRIBE_KEEPING_ATTRIBUTES, uid, target, Map.of());
  }

  /** {@code uid} unsubscribes from {@code target}; what it received stays. */
  public CompletableFuture<Void> unsubscribe(long uid, long target) {
    return relation(RelationCommand.Kind.UNSUBSCRIBE, uid, target, Map.of());
  }

  private CompletableFuture<Void> relation(RelationCommand.Kind kind, long uid, long target, Map<String, String> attributes) {
    Validate.uid("uid", uid);
    Validate.uid("target", target);
    Validate.distinct("uid", uid, "target", target);
    // A relation belongs to its target, whose broadcasts it feeds (decision 0007).
    return submit(target, new RelationCommand(kind, uid, target, attributes));
  }

  /** Segment {@code name} now holds exactly {@code uids} (it is created if new). */
  public CompletableFuture<Void> replaceSegment(String name, long[] uids) {
    Validate.segmentName(name);
    return submitTo(partitioning.ofName(name), new SegmentCommand(name,
        Validate.uids("uids", uids, config.maxAudienceUids(), true), true));
  }

  /** Adds {@code uids} to segment {@code name} (it is created if new). */
  public CompletableFuture<Void> addToSegment(String name, long[] uids) {
    Validate.segmentName(name);
    return submitTo(partitioning.ofName(name), new SegmentCommand(name,
        Validate.uids("uids", uids, config.maxAudienceUids(), false), false));
  }

  // --- broadcasts ---

  /**
   * Accepts a broadcast: its audience is frozen now, stored once, and readable by its receivers
   * when the future completes. Receivers unrelated to the sender find it in their conversation
   * list once the fan-out is done.
   */
  public CompletableFuture<Broadcast> broadcast(BroadcastRequest request) {
    Validate.uid("from", request.from());
    // Broadcasts are sent by services, which may attach any blob.
    Extras extras = Validate.extras(request.extras(), blobs::find);
    String text = Validate.text(request.text(), extras.type(), config.maxTextLength());
    Validate.idempotencyKey(request.idempotencyKey());
    Audience audience = request.audience();
    if (audience == null) {
      throw LetterboxException.invalid("audience must not be null");
    } else if (audience instanceof Audience.Subscribers s) {
      audience = new Audience.Subscribers(Validate.attributes("where", s.where()));
    } else if (audience instanceof Audience.Uids u) {
      audience = new Audience.Uids(Validate.uids("audience.uids", u.uids(), config.maxAudienceUids(), false));
    } else if (audience instanceof Audience.Segment seg) {
      Validate.segmentName(seg.name());
    }
    BroadcastRequest.Priority priority =
        request.priority() == null ? BroadcastRequest.Priority.NORMAL : request.priority();
    BroadcastRequest checked = new BroadcastRequest(request.from(), text, audience, priority,
        request.idempotencyKey(), extras);
    long wait = config.deliveryWait().toMillis();
    return submit(checked.from(), new BroadcastCommand(checked))
        .thenApply(id -> {
          streams.published(checked.from(), id);
          return id;
        })
        .thenCompose(id -> peers.published(checked.from(), id)
            .completeOnTimeout(null, wait, java.util.concurrent.TimeUnit.MILLISECONDS)
            .handle((ok, error) -> id))
        .thenApplyAsync(id -> {
          jobs.submit(id);
          return broadcast(id).orElseThrow();
        }, replies);
  }

  /** @return the broadcast with this id, with its fan-out status and counts. */
  public Optional<Broadcast> broadcast(long id) {
    Validate.messageId(id);
    Message m = state.message(id);
    if (m == null || m.kind() != Message.Kind.BROADCAST) {
      return Optional.empty();
    }
    requireHosted(m.from());
    return Optional.ofNullable(state.broadcastRows().broadcastRecord(m.from(), id)).map(r -> toBroadcast(m, r));
  }

  /**
   * Starts the fan-out of a broadcast again, e.g. one that {@linkplain Broadcast.Status#FAILED
   * failed} after its retries. Does nothing to one that is done or running.
   *
   * @return the broadcast as it is now
   */
  public Broadcast resumeBroadcast(long id) {
    Broadcast b = broadcast(id).orElseThrow(() -> LetterboxException.notFound("no broadcast %d", id));
    if (b.status() != Broadcast.Status.DONE) {
      jobs.submit(id);
    }
    return broadcast(id).orElseThrow();
  }

  /** The broadcasts {@code sender} sent, newest first. */
  public Page<Broadcast> sentBroadcasts(long sender, String cursor, int limit) {
    Validate.uid("uid", sender);
    Validate.limit(limit);
    requireHosted(sender);
    long before = cursor == null ? Long.MAX_VALUE : cursors.decode(cursor, 'b', sender, 0, 1)[0];
    List<Map.Entry<Long, BroadcastRecord>> rows = state.broadcastRows().sentBroadcasts(sender, before, limit + 1);
    boolean more = rows.size() > limit;
    List<Map.Entry<Long, BroadcastRecord>> shown = more ? rows.subList(0, limit) : rows;
    List<Message> messages = state.messages(shown.stream().map(Map.Entry::getKey).toList());
    List<Broadcast> items = new java.util.ArrayList<>(shown.size());
    for (int i = 0; i < shown.size(); i++) {
      items.add(toBroadcast(messages.get(i), shown.get(i).getValue()));
    }
    String next = more ? cursors.encode('b', sender, 0, items.get(items.size() - 1).id()) : null;
    return new Page<>(items, next);
  }

  private Broadcast toBroadcast(Message m, BroadcastRecord r) {
    Broadcast.Status status = r.done() ? Broadcast.Status.DONE : jobs.status(m.id());
    return new Broadcast(m.id(), m.from(), m.text(), m.extras(), status, r.receivers(), r.capped(),
        r.done() ? Optional.of(Instant.ofEpochMilli(r.completedAt())) : Optional.empty());
  }

  // --- events (decision 0010) ---

  /**
   * {@code owner}'s events after position {@code since}, oldest first, at most {@code limit}.
   *
   * @param since a position this server issued; null for the owner's position now and no events
   * @throws LetterboxException {@link ErrorCode#SYNC_TOO_OLD} for a position older than sync-retention,
   *     {@link ErrorCode#INVALID_ARGUMENT} for one this server did not issue for this owner
   */
  public SyncPage sync(long owner, String since, int limit) {
    Validate.uid("uid", owner);
    Validate.limit(limit);
    requireHosted(owner);
    if (since == null) {
      return new SyncPage(List.of(), feed.encode(owner, feed.now(owner)), false);
    }
    return feed.sync(owner, feed.decode(owner, since), limit);
  }

  /**
   * Streams {@code owner}'s events after {@code since} (null: from now) to {@code sink}: first
   * those it missed, then each as it happens. Close the stream when the client goes away.
   */
  public EventStreams.Stream events(long owner, String since, EventStreams.Sink sink) {
    Validate.uid("uid", owner);
    requireHosted(owner);
    FeedPosition from = since == null ? feed.now(owner) : feed.decode(owner, since);
    return streams.open(owner, from, sink);
  }

  /** Event streams open on this node. */
  public int openEventStreams() {
    return streams.open();
  }

  /** Deletes the feed's days past the retention, once a day; any node may (the deletes are the same). */
  private void sweepFeed() {
    int before = feed.oldestDay();
    if (before <= feedSweptBefore || closed) {
      return;
    }
    try {
      store.deleteRange(Spaces.FEED, FeedKey.before(before));
      feedSweptBefore = before;
    } catch (RuntimeException e) {
      log.warn("the change feed past its retention was not deleted; trying again in an hour", e);
    }
  }

  /** Finishes the writes already accepted, then stops. Does not close the store. */
  @Override
  public void close() {
    closed = true;
    streams.close();
    prewarm.interrupt();
    jobs.close();
    for (int p = 0; p < writers.length(); p++) {
      PartitionWriter w = writers.getAndSet(p, null);
      if (w != null) {
        w.close();
      }
    }
    sequencer.close();
    if (indexer != null) {
      indexer.close();
    }
    timer.shutdownNow();
    replies.shutdown();
  }

  private void prewarmBigSenders() {
    try {
      for (long sender : state.broadcastRows().bigSenders()) {
        if (Thread.currentThread().isInterrupted()) {
          return;
        }
        state.broadcasts().prewarm(sender);
      }
    } catch (RuntimeException e) {
      // A store closing under the warm-up only means a colder start.
    }
  }

  private void afterVisible(Decision.Logged logged) {
    derivations.visible(logged.action());
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
