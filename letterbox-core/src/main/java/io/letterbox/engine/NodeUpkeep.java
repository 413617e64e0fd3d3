package io.letterbox.engine;

import io.letterbox.engine.derive.Derivations;
import io.letterbox.engine.fanout.BroadcastJobs;
import io.letterbox.engine.feed.EventStreams;
import io.letterbox.engine.feed.FeedEntry;
import io.letterbox.engine.feed.FeedReader;
import io.letterbox.engine.follow.FeedFollowers;
import io.letterbox.engine.partition.PartitionHost;
import io.letterbox.engine.read.ConversationLister;
import io.letterbox.engine.read.GroupReader;
import io.letterbox.engine.read.StateReader;
import io.letterbox.engine.search.SearchIndexer;
import io.letterbox.engine.write.Decision;
import io.letterbox.keys.FeedKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Message;
import io.letterbox.store.KeyValueStore;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What this node keeps current around its partitions' writes: the readers' caches, the search
 * index and the live event streams as actions become visible and durable, broadcast fan-outs
 * and erasures resumed as partitions are taken, the change feed's retention, and the big senders' broadcasts
 * pre-warmed at start.
 */
final class NodeUpkeep implements PartitionHost.Listener {
  private static final Logger log = LoggerFactory.getLogger(NodeUpkeep.class);
  /**
   * Messages whose reaction counts, and readers' own reactions to messages, a one-process node
   * keeps in memory (most have none: a shared empty row).
   */
  private static final long REACTIONS_CACHED = 200_000;
  /** Owners whose drafts and disappearing settings a one-process node keeps in memory (most have none). */
  private static final long OWNERS_CACHED = 100_000;

  private final KeyValueStore store;
  private final StateReader state;
  private final ConversationLister conversations;
  private final GroupReader groups;
  private final FeedReader feed;
  private final EventStreams streams;
  /** Null when search is turned off. */
  private final SearchIndexer indexer;
  /** The consumers of the owner feed, following the partitions hosted here. */
  private final FeedFollowers followers;
  private final BroadcastJobs jobs;
  private final ErasureJobs erasures;
  private final PartitionHost host;
  /** Every consumer of applied actions, told as each becomes visible and as its batch is durable. */
  private final Derivations derivations;
  private final Thread prewarm = new Thread(this::prewarmBigSenders, "letterbox-prewarm");
  /** The newest day whose older feed events were deleted (decision 0010). */
  private volatile int feedSweptBefore;
  private volatile boolean closed;

  NodeUpkeep(KeyValueStore store, StateReader state, ConversationLister conversations, GroupReader groups,
      FeedReader feed, EventStreams streams, SearchIndexer indexer, FeedFollowers followers, BroadcastJobs jobs, ErasureJobs erasures, PartitionHost host,
      Derivations derivations) {
    this.store = store;
    this.state = state;
    this.conversations = conversations;
    this.groups = groups;
    this.feed = feed;
    this.streams = streams;
    this.indexer = indexer;
    this.followers = followers;
    this.jobs = jobs;
    this.erasures = erasures;
    this.host = host;
    this.derivations = derivations;
  }

  /** Starts after the partitions of a one-process node were taken (and their recovery replayed). */
  void start() {
    if (host.hostsAll()) {
      // Every revision of the store is written here from now on (decision 0009).
      state.learnRevisionsInProcess();
      // And every reaction (decision 0049): counts and own reactions are cached, a message without any too.
      state.reactions().cacheInProcess(REACTIONS_CACHED);
      // And every draft and disappearing setting: lists join them from memory.
      state.itemJoins().cacheInProcess(OWNERS_CACHED);
      // And every broadcast: after the recovery the takes replayed, the cache can hold every
      // sender, and a receiver's first list then reads none of them.
      state.broadcasts().loadNewest(true);
    } else {
      // Other nodes broadcast too: the cache starts full, but a sender missing from it is read.
      state.broadcasts().loadNewest(false);
    }
    host.repeat(this::sweepFeed, Duration.ofHours(1));
    prewarm.setDaemon(true);
    prewarm.start();
  }

  @Override
  public void taken(int p) {
    if (indexer != null) {
      indexer.follow(p);
    }
    followers.follow(p);
    if (!host.hostsAll()) {
      // Its owners' lists changed while another node hosted it: what this node cached of them is stale.
      conversations.forgetAll();
    }
    jobs.resume(sender -> host.partitioning().of(sender) == p);
    erasures.resume(uid -> host.partitioning().of(uid) == p);
  }

  @Override
  public void released(int p) {
    if (indexer != null) {
      indexer.unfollow(p);
    }
    followers.unfollow(p);
    streams.keepOnly(host::hostsOwner);
    if (!host.hostsAll() && host.hosted().isEmpty()) {
      // Out of the cluster (or leaving it): announcements of other senders' broadcasts may be
      // missed until it is back, so what it knew of them is not trusted then.
      state.broadcasts().forgetAll();
    }
  }

  @Override
  public void published(long sender, long id) {
    // Read afresh: a message removed on another node (decision 0042) may be cached here as it was.
    state.removed(id);
    Message m = state.message(id);
    if (m != null && (m.kind() == Message.Kind.SINGLE || m.kind() == Message.Kind.BROADCAST && m.removed())) {
      return;
    }
    if (m != null && m.kind() == Message.Kind.GROUP) {
      // A group's post, or its recall or removal: its members connected here are told (decision 0011).
      if (m.recalled()) {
        streams.recalledInGroup(m.to(), m.id());
      } else {
        streams.posted(m);
      }
      return;
    }
    state.broadcasts().published(sender, id);
    streams.published(sender, id);
  }

  @Override
  public void fannedOut(long sender, long id) {
    state.broadcasts().fannedOut(sender, id);
  }

  @Override
  public void durable(int partition, List<Decision.Logged> logged, List<FeedEntry> events) {
    derivations.durable(partition, logged, events);
    followers.durable(partition, events);
    if (indexer != null) {
      indexer.wake();
    }
  }

  @Override
  public void closing() {
    closed = true;
    streams.close();
    prewarm.interrupt();
    jobs.close();
    erasures.close();
  }

  /** The heap the engine's caches hold now, by cache (see {@link Letterbox#cachedBytes}). */
  Map<String, Long> cachedBytes() {
    Map<String, Long> out = new java.util.LinkedHashMap<>();
    out.put("messages", state.cachedMessageBytes());
    out.put("audience-heads", state.broadcasts().cachedHeadBytes());
    out.put("conversation-heads", conversations.cachedBytes());
    out.put("broadcast-ids", state.broadcasts().cachedIdBytes());
    out.put("group-heads", groups.heads().cachedBytes());
    return out;
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

  @Override
  public void visible(Decision.Logged logged) {
    derivations.visible(logged.action());
  }
}
