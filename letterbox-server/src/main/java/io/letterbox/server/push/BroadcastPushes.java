package io.letterbox.server.push;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.letterbox.engine.PushReads;
import io.letterbox.model.Message;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Broadcasts that asked for push, pushed to their receivers one broadcast after the other on a
 * thread of their own, at most push-broadcast-rate receivers a second over all of them (a Bucket4j
 * token bucket holding a second's worth): a broadcast to millions takes its time without holding
 * up the pushes of one-to-one messages. A receiver with an open stream, or who muted the sender,
 * takes no token. Only receivers hosted on this node are pushed to (decision 0043).
 */
final class BroadcastPushes implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(BroadcastPushes.class);

  private final PushReads reads;
  private final PushCoalescer coalescer;
  private final Bucket bucket;
  private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "letterbox-push-broadcasts");
    t.setDaemon(true);
    return t;
  });
  private volatile boolean closed;

  BroadcastPushes(PushReads reads, PushCoalescer coalescer, long perSecond) {
    this.reads = reads;
    this.coalescer = coalescer;
    this.bucket = Bucket.builder()
        .addLimit(Bandwidth.builder().capacity(perSecond).refillGreedy(perSecond, Duration.ofSeconds(1)).build())
        .build();
  }

  /** Queues broadcast {@code m}'s pushes; returns at once. */
  void submit(Message m) {
    thread.execute(() -> push(m));
  }

  private void push(Message m) {
    try {
      reads.receivers(m.from(), m.id(), receiver -> {
        if (closed) {
          return false;
        }
        if (!reads.hosted(receiver) || reads.online(receiver) || reads.muted(receiver, m.from())) {
          return true;
        }
        try {
          bucket.asBlocking().consume(1);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
        coalescer.offer(new PushNotice(receiver, m));
        return true;
      });
    } catch (RuntimeException e) {
      log.warn("the pushes of broadcast {} stopped", m.id(), e);
    }
  }

  @Override
  public void close() {
    closed = true;
    thread.shutdownNow();
  }
}
