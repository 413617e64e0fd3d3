package io.letterbox.engine.follow;

import io.letterbox.engine.feed.FeedEntry;
import io.letterbox.engine.feed.FeedReader;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.store.KeyValueStore;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Every consumer of the owner feed on this node (decision 0040), each followed on every
 * partition the node hosts: followed as a partition is taken, unfollowed as it is released,
 * woken as a batch becomes durable. A consumer may be added at any time; it then follows the
 * partitions hosted at that moment and those taken later.
 */
public final class FeedFollowers implements AutoCloseable {
  /** A consumer being followed: its progress; closing it stops following (its positions stay). */
  public interface Followed extends AutoCloseable {
    FollowStatus status();

    @Override
    void close();
  }

  private final KeyValueStore store;
  private final JournalFeed journal;
  private final FeedReader feed;
  private final Clock clock;
  private final Set<Integer> hosted = ConcurrentHashMap.newKeySet();
  private final List<ConsumerFollower> consumers = new CopyOnWriteArrayList<>();

  public FeedFollowers(KeyValueStore store, Partitioning partitioning, FeedReader feed, Clock clock) {
    this.store = store;
    this.feed = feed;
    this.clock = clock;
    this.journal = new JournalFeed(store, partitioning, feed);
  }

  /** Starts following every hosted partition for {@code consumer}, from its stored positions. */
  public synchronized Followed add(FeedConsumer consumer) {
    if (consumers.stream().anyMatch(c -> c.name().equals(consumer.name()))) {
      throw new IllegalArgumentException("a feed consumer named " + consumer.name() + " is followed already");
    }
    ConsumerFollower c = new ConsumerFollower(consumer, new StoredFeedPositions(store, consumer.name()), journal,
        feed::servable, clock, this::remove);
    consumers.add(c);
    hosted.forEach(c::follow);
    return c;
  }

  private synchronized void remove(FeedFollowers.Followed c) {
    consumers.remove(c);
  }

  /** Partition {@code p} is taken here. */
  public synchronized void follow(int p) {
    hosted.add(p);
    consumers.forEach(c -> c.follow(p));
  }

  /** Partition {@code p} is released: a delivery still under way stores no position. */
  public synchronized void unfollow(int p) {
    hosted.remove(p);
    consumers.forEach(c -> c.unfollow(p));
  }

  /** A batch of {@code p} is durable, with the feed rows it wrote. */
  public void durable(int p, List<FeedEntry> rows) {
    for (ConsumerFollower c : consumers) {
      c.durable(p, rows);
    }
  }

  /** Stops every consumer's thread; what was not delivered is delivered from the stored positions at the next start. */
  @Override
  public void close() {
    List.copyOf(consumers).forEach(ConsumerFollower::close);
  }
}
