package io.letterbox.engine.follow;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * A consumer of the owner feed (decision 0040): given each hosted partition's events in order, in
 * batches, behind the writers. Its position advances only once the future {@link #deliver}
 * returns completes; a batch whose future fails is given again (the same one) after a backoff.
 * Deliveries of one partition never overlap; those of different partitions may.
 */
public interface FeedConsumer {
  /** Its name, unique on the store: it keys its stored positions. */
  String name();

  /** Delivers {@code batch}; completes once its events are delivered (at least once). */
  CompletableFuture<Void> deliver(FeedBatch batch);

  /** Most events in one batch. */
  default int batchSize() {
    return 100;
  }

  /** The wait after a first failure; it doubles with each further one up to {@link #maxBackoff}. */
  default Duration minBackoff() {
    return Duration.ofSeconds(1);
  }

  default Duration maxBackoff() {
    return Duration.ofSeconds(60);
  }

  /**
   * {@code partition} moved away from this node (or the node stops following it): nothing more of
   * it is delivered here. Must not block.
   */
  default void released(int partition) {}

  /**
   * Where its positions are kept: null (the default) for a row per partition in the store, written
   * after each delivered batch; a consumer that keeps them itself (e.g. within the transaction
   * that delivers a batch) returns its own, whose {@code store} the follower then never calls
   * for delivered batches (only for the start position of a partition it never had).
   */
  default FeedPositions positions() {
    return null;
  }
}
