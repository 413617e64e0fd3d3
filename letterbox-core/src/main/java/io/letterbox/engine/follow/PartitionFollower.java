package io.letterbox.engine.follow;

import java.util.concurrent.atomic.AtomicLong;

/**
 * One consumer's progress in one hosted partition: its position, the batch being delivered, its
 * backoff, and what the lag is counted from. Changed by the consumer's follower thread and by
 * the completion of its deliveries, never both at once (one batch in flight).
 */
final class PartitionFollower {
  final int partition;
  /** Delivered up to here; null until loaded. */
  volatile FeedMark mark;
  /** The batch handed over and not yet delivered (kept to be handed over again after a failure). */
  volatile FeedBatch pending;
  volatile boolean inFlight;
  /** Set once the partition is released: a delivery completing later stores nothing. */
  volatile boolean released;
  volatile int failures;
  volatile long retryAt;
  /** Entries up to it were durable when the partition was followed: until read, each counts as one event of lag. */
  volatile long countedFrom = Long.MAX_VALUE;
  /** Feed rows made durable after {@link #countedFrom}, and those of them delivered. */
  final AtomicLong durableRows = new AtomicLong();
  final AtomicLong deliveredRows = new AtomicLong();
  /** The counted rows of {@link #pending}. */
  volatile long deliveredRowsPending;
  /** Time of the newest action whose events were delivered; 0 before any. */
  volatile long deliveredTime;

  PartitionFollower(int partition) {
    this.partition = partition;
  }

  /** Events not yet delivered, as far as this node knows (decision 0040). */
  long lag() {
    FeedMark m = mark;
    if (m == null) {
      return 0;
    }
    long backlog = countedFrom == Long.MAX_VALUE ? 0 : Math.max(0, countedFrom - m.lastWhole());
    return backlog + Math.max(0, durableRows.get() - deliveredRows.get());
  }
}
