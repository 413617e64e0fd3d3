package io.letterbox.engine.partition;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.NotOwnerException;
import io.letterbox.engine.write.Command;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;
import java.util.function.ToLongFunction;

/**
 * Where the engine's APIs queue their commands: on the writer of the partition that owns the
 * state, if this node hosts it, else refused with {@link NotOwnerException} (which the server
 * forwards to the owner). Also where a read checks that its owner is hosted here, and where a
 * write waits for the other partitions it reaches to apply it.
 */
public final class PartitionCommands {
  private final LetterboxConfig config;
  private final Partitioning partitioning;
  private final boolean hostsAll;
  /** The node's writers, by partition; null where it hosts none. */
  private final AtomicReferenceArray<PartitionWriter> writers;
  /** The running writer of a partition, or the refusal that says why there is none. */
  private final IntFunction<PartitionWriter> running;

  PartitionCommands(LetterboxConfig config, Partitioning partitioning, boolean hostsAll,
      AtomicReferenceArray<PartitionWriter> writers, IntFunction<PartitionWriter> running) {
    this.config = config;
    this.partitioning = partitioning;
    this.hostsAll = hostsAll;
    this.writers = writers;
    this.running = running;
  }

  /** The store's partitions. */
  public Partitioning partitioning() {
    return partitioning;
  }

  /** The seq up to which partition {@code p}'s journal is durable here; {@code notHosted} where it is not hosted. */
  public long durableSeq(int p, long notHosted) {
    PartitionWriter w = writers.get(p);
    return w == null ? notHosted : w.durableSeq();
  }

  /**
   * Reads of an owner are answered by the node hosting it, whose caches its writes keep current:
   * elsewhere they are refused as {@link NotOwnerException}, which the server forwards.
   */
  public void requireHosted(long owner) {
    if (!hostsAll) {
      running.apply(partitioning.of(owner));
    }
  }

  /** Queues {@code command} on the partition of {@code owner}; a refusal completes the future. */
  public <R> CompletableFuture<R> submit(long owner, Command<R> command) {
    return submitTo(partitioning.of(owner), command);
  }

  /** Queues {@code command} on partition {@code p}; a refusal completes the future. */
  public <R> CompletableFuture<R> submitTo(int p, Command<R> command) {
    try {
      return running.apply(p).submit(command);
    } catch (LetterboxException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /**
   * {@code written}'s result once the partitions its action reaches applied it, or after
   * deliveryWait: the action is durable either way, and the caller then reads its effects at once.
   *
   * @param id the id of the action that produced the result (0: none, nothing to wait for)
   */
  public <R> CompletableFuture<R> afterDelivery(int home, CompletableFuture<R> written, ToLongFunction<R> id) {
    return written.thenCompose(result -> {
      PartitionWriter w = writers.get(home);
      long logged = id.applyAsLong(result);
      if (w == null || logged == 0) {
        return CompletableFuture.completedFuture(result);
      }
      return w.delivered(logged)
          .completeOnTimeout(null, config.deliveryWait().toMillis(), TimeUnit.MILLISECONDS)
          .handle((ok, error) -> result);
    });
  }
}
