package io.letterbox.server.push;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.letterbox.engine.PushReads;
import io.letterbox.model.Message;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.LongPredicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pushes of messages with many receivers, one message after the other on a thread of their
 * own, so that they never hold up those of one-to-one messages: broadcasts that asked for push,
 * at most push-broadcast-rate receivers a second over all of them (a Bucket4j token bucket
 * holding a second's worth), and group posts. A receiver with an open stream, or who muted the
 * conversation, takes no token. Only receivers hosted on this node are pushed to (decision 0043):
 * those of a message whose sender (group) another node hosts when that node announces it, and the
 * bucket's rate holds per node.
 */
final class ManyReceiverPushes implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ManyReceiverPushes.class);

  private final PushReads reads;
  private final PushCoalescer coalescer;
  private final Bucket bucket;
  private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "letterbox-push-receivers");
    t.setDaemon(true);
    return t;
  });
  private volatile boolean closed;

  ManyReceiverPushes(PushReads reads, PushCoalescer coalescer, long broadcastPerSecond) {
    this.reads = reads;
    this.coalescer = coalescer;
    this.bucket = Bucket.builder().addLimit(Bandwidth.builder().capacity(broadcastPerSecond)
        .refillGreedy(broadcastPerSecond, Duration.ofSeconds(1)).build()).build();
  }

  /** Queues the pushes of broadcast {@code m} to its receivers; returns at once. */
  void broadcast(Message m) {
    thread.execute(() -> pushBroadcast(m));
  }

  /** Queues the pushes of group post {@code m} to the group's members; returns at once. */
  void group(Message m) {
    thread.execute(() -> pushGroup(m));
  }

  /**
   * Queues the pushes of broadcast or group post {@code id} of {@code sender}, which another node
   * announced, to its receivers hosted here (the message is read on this thread); returns at once.
   */
  void announced(long sender, long id) {
    thread.execute(() -> {
      Message m;
      try {
        m = reads.announced(sender, id);
      } catch (RuntimeException e) {
        log.warn("message {} announced by another node was not read for push", id, e);
        return;
      }
      if (m != null && m.kind() == Message.Kind.BROADCAST) {
        pushBroadcast(m);
      } else if (m != null) {
        pushGroup(m);
      }
    });
  }

  private void pushBroadcast(Message m) {
    push(m, each -> reads.receivers(m.from(), m.id(), each), receiver -> !reads.muted(receiver, m.from()), true);
  }

  private void pushGroup(Message m) {
    push(m, each -> reads.members(m.to(), each), receiver -> reads.seesUnmuted(receiver, m), false);
  }

  private void push(Message m, Consumer<LongPredicate> receivers, LongPredicate wants, boolean limited) {
    try {
      receivers.accept(receiver -> {
        if (closed) {
          return false;
        }
        if (receiver == m.from() || !reads.hosted(receiver) || reads.online(receiver) || !wants.test(receiver)) {
          return true;
        }
        if (limited) {
          try {
            bucket.asBlocking().consume(1);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
          }
        }
        coalescer.offer(new PushNotice(receiver, m));
        return true;
      });
    } catch (RuntimeException e) {
      log.warn("the pushes of message {} stopped", m.id(), e);
    }
  }

  @Override
  public void close() {
    closed = true;
    thread.shutdownNow();
  }
}
