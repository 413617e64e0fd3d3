package io.letterbox.engine.follow;

import io.letterbox.engine.feed.FeedEntry;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows every hosted partition for one consumer, on a thread of its own (decision 0040): reads
 * each partition's events after its position, hands them over one batch per partition at a time,
 * and stores the position once they are delivered; a failed batch is handed over again after a
 * backoff. Woken as batches become durable.
 */
final class ConsumerFollower implements FeedFollowers.Followed {
  private static final Logger log = LoggerFactory.getLogger(ConsumerFollower.class);

  private final FeedConsumer consumer;
  private final FeedPositions positions;
  /** Whether the consumer keeps its positions itself. */
  private final boolean ownPositions;
  private final JournalFeed journal;
  private final IntToLongFunction servable;
  private final Clock clock;
  private final Map<Integer, PartitionFollower> partitions = new ConcurrentHashMap<>();
  private final Thread thread;
  private final AtomicLong skipped = new AtomicLong();
  private volatile boolean running = true;
  private volatile String lastError;
  private final java.util.function.Consumer<FeedFollowers.Followed> onClose;

  ConsumerFollower(FeedConsumer consumer, FeedPositions stored, JournalFeed journal, IntToLongFunction servable,
      Clock clock, java.util.function.Consumer<FeedFollowers.Followed> onClose) {
    this.onClose = onClose;
    this.consumer = consumer;
    this.ownPositions = consumer.positions() != null;
    this.positions = ownPositions ? consumer.positions() : stored;
    this.journal = journal;
    this.servable = servable;
    this.clock = clock;
    this.thread = new Thread(this::run, "letterbox-follow-" + consumer.name());
    this.thread.setDaemon(true);
    this.thread.start();
  }

  void follow(int p) {
    partitions.computeIfAbsent(p, PartitionFollower::new);
    wake();
  }

  void unfollow(int p) {
    PartitionFollower f = partitions.remove(p);
    if (f != null) {
      f.released = true;
      consumer.released(p);
    }
  }

  /** A batch of {@code p} is durable: counts its rows into the lag, and wakes the thread. */
  void durable(int p, List<FeedEntry> rows) {
    PartitionFollower f = partitions.get(p);
    if (f != null && !rows.isEmpty()) {
      long from = f.countedFrom;
      long n = rows.stream().filter(r -> r.seq() > from).count();
      f.durableRows.addAndGet(n);
    }
    wake();
  }

  void wake() {
    LockSupport.unpark(thread);
  }

  @Override
  public FollowStatus status() {
    long lag = 0;
    long upTo = Long.MAX_VALUE;
    boolean failing = false;
    long now = clock.millis();
    for (PartitionFollower f : partitions.values()) {
      lag += f.lag();
      failing |= f.failures > 0;
      FeedMark m = f.mark;
      boolean caughtUp = m != null && f.pending == null && m.lastWhole() >= servable.applyAsLong(f.partition);
      upTo = Math.min(upTo, caughtUp ? now : f.deliveredTime);
    }
    Instant deliveredUpTo = upTo == Long.MAX_VALUE || upTo == 0 ? null : Instant.ofEpochMilli(upTo);
    return new FollowStatus(lag, deliveredUpTo, failing, failing ? lastError : null, skipped.get());
  }

  String name() {
    return consumer.name();
  }

  @Override
  public void close() {
    onClose.accept(this);
    running = false;
    wake();
    try {
      thread.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    partitions.values().forEach(f -> f.released = true);
  }

  private void run() {
    while (running) {
      boolean worked = false;
      long now = System.nanoTime();
      long wait = 1_000_000_000L;
      for (PartitionFollower f : partitions.values()) {
        if (f.inFlight) {
          continue;
        }
        if (f.failures > 0 && f.retryAt - now > 0) {
          wait = Math.min(wait, f.retryAt - now);
          continue;
        }
        try {
          worked |= step(f);
        } catch (RuntimeException e) {
          if (running) {
            failed(f, e);
          }
        }
      }
      if (!worked && running) {
        LockSupport.parkNanos(Math.max(1_000_000L, wait));
      }
    }
  }

  /** Hands {@code f}'s next batch over, if there is one: whether anything was done. */
  private boolean step(PartitionFollower f) {
    if (f.mark == null) {
      start(f);
    }
    FeedBatch batch = f.pending;
    if (batch == null) {
      long upTo = servable.applyAsLong(f.partition);
      if (f.mark.lastWhole() >= upTo) {
        return false;
      }
      JournalFeed.Read read = journal.read(f.partition, f.mark, upTo, Math.max(1, consumer.batchSize()), f.countedFrom);
      if (read.skippedEntries() > 0) {
        skipped.addAndGet(read.skippedEntries());
        log.warn("{}: partition {}: {} journal entries had passed the feed's retention; their events are lost to it",
            consumer.name(), f.partition, read.skippedEntries());
      }
      batch = read.batch();
      if (batch.isEmpty()) {
        f.mark = batch.upTo();
        return !batch.upTo().equals(batch.from());
      }
      f.pending = batch;
      f.deliveredRowsPending = read.rowsCounted();
    }
    deliver(f, batch);
    return true;
  }

  /** Loads {@code f}'s position; a partition never followed starts at what is servable now, stored first. */
  private void start(PartitionFollower f) {
    FeedMark stored = positions.load(f.partition);
    long now = servable.applyAsLong(f.partition);
    if (stored == null) {
      stored = FeedMark.after(now);
      positions.store(f.partition, stored).join();
    }
    f.countedFrom = now;
    f.mark = stored;
  }

  private void deliver(PartitionFollower f, FeedBatch batch) {
    f.inFlight = true;
    CompletableFuture<Void> delivered;
    try {
      delivered = consumer.deliver(batch);
    } catch (RuntimeException e) {
      delivered = CompletableFuture.failedFuture(e);
    }
    delivered.thenCompose(v -> ownPositions || f.released
            ? CompletableFuture.<Void>completedFuture(null)
            : positions.store(f.partition, batch.upTo()))
        .whenComplete((v, e) -> {
          if (e == null) {
            f.mark = batch.upTo();
            f.pending = null;
            f.failures = 0;
            f.deliveredRows.addAndGet(f.deliveredRowsPending);
            f.deliveredTime = Math.max(f.deliveredTime, batch.time());
          } else {
            failed(f, e);
          }
          f.inFlight = false;
          wake();
        });
  }

  /** Backs off {@code f}: the wait doubles from the consumer's minimum up to its maximum. */
  private void failed(PartitionFollower f, Throwable e) {
    Throwable cause = e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e;
    f.failures++;
    long min = consumer.minBackoff().toNanos();
    long delay = Math.min(consumer.maxBackoff().toNanos(), min << Math.min(30, f.failures - 1));
    f.retryAt = System.nanoTime() + delay;
    lastError = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    if (f.failures == 1 || f.failures % 10 == 0) {
      log.warn("{}: partition {}: delivery failed ({} in a row); trying again", consumer.name(), f.partition,
          f.failures, cause);
    }
  }
}
