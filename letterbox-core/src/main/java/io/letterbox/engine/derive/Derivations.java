package io.letterbox.engine.derive;

import io.letterbox.engine.apply.Action;
import io.letterbox.engine.apply.Derivation;
import io.letterbox.engine.feed.EventStreams;
import io.letterbox.engine.feed.FeedEntry;
import io.letterbox.engine.follow.FeedOwners;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.engine.search.SearchPostings;
import io.letterbox.engine.write.Decision;
import java.util.List;

/**
 * Every consumer of applied actions, registered here and only here, with when each runs:
 * <ul>
 *   <li>as an action becomes visible to readers, on the writer's thread (no store reads):
 *       {@link ListCaches}, into the node's caches;
 *   <li>as a batch becomes durable, on the store's completion thread (no store reads, no
 *       blocking): {@link LiveEvents}, into the node's live event streams, with the batch's feed
 *       rows; never sooner, so that no event announces what a crash could take back;
 *   <li>behind the writers, from the durable journals, on a thread of its own:
 *       {@link SearchPostings}, by the live indexer and the rebuild; {@link FeedOwners}, by the
 *       consumers of the owner feed ({@code follow.FeedFollowers}, woken by {@code NodeUpkeep}).
 * </ul>
 * A new consumer (webhooks, push, a change stream, retention) is one more {@link Derivation} in
 * {@link #all()} and one more call in {@link #visible} or {@link #durable}, whichever is its moment;
 * {@code DerivationsTest} then checks that it declares every kind of action.
 */
public final class Derivations {
  private final ListCaches.Caches caches;
  /** The live events' target for each partition's batches. */
  private final LiveEvents.Batch[] batches;

  /**
   * @param caches the node's caches that follow its writes
   * @param streams the live event streams of the owners connected to the node
   * @param partitioning the store's partitions
   */
  public Derivations(ListCaches.Caches caches, EventStreams streams, Partitioning partitioning) {
    this.caches = caches;
    this.batches = new LiveEvents.Batch[partitioning.count()];
    for (int p = 0; p < batches.length; p++) {
      batches[p] = new LiveEvents.Batch(streams, partitioning, p);
    }
  }

  /** Every registered consumer. */
  public static List<Derivation<?>> all() {
    return List.of(ListCaches.DERIVATION, LiveEvents.DERIVATION, SearchPostings.DERIVATION,
        FeedOwners.DERIVATION);
  }

  /** {@code action} is visible to readers: the consumers that run then derive from it. */
  public void visible(Action action) {
    ListCaches.DERIVATION.derive(caches, action);
  }

  /**
   * A batch of {@code partition} is durable: {@code logged} its actions (those {@link #visible}
   * was told of), {@code feed} the change-feed rows they wrote; the consumers that run then derive
   * from them.
   */
  public void durable(int partition, List<Decision.Logged> logged, List<FeedEntry> feed) {
    LiveEvents.DERIVATION.durable(batches[partition], logged, feed);
  }
}
