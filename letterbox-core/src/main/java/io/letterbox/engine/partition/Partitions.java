package io.letterbox.engine.partition;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The partitions a node hosts, as its cluster sees them (decision 0007): which to take and
 * release, what is hosted, and what other nodes deliver and announce. One process hosts them all
 * and needs none of it.
 */
public interface Partitions {
  /** The store's partitions. */
  Partitioning partitioning();

  /**
   * Hosts partition {@code p} from now on: takes it from any earlier writer (fencing it), applies
   * what that writer left, and starts deciding its writes.
   */
  void take(int p);

  /** Stops hosting partition {@code p}: finishes its queued writes, then refuses its commands. */
  void release(int p);

  /** The partitions hosted here now, with the epoch each was taken at. */
  Map<Integer, Long> hosted();

  /**
   * Applies partition {@code p}'s part of actions other partitions logged (from their outboxes);
   * each once however often it is delivered.
   */
  CompletableFuture<Void> deliver(int p, long[] origins);

  /**
   * Another node published broadcast {@code id} of {@code sender} (readers here see it now), or
   * message {@code id} posted to group {@code sender} (its members connected here get it).
   */
  void published(long sender, long id);

  /**
   * Another node fanned out broadcast {@code id} of {@code sender}: the receivers it reached
   * without a relation find the sender in their lists here now.
   */
  void fannedOut(long sender, long id);
}
