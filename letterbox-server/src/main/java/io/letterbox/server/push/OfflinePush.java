package io.letterbox.server.push;

import io.letterbox.engine.PushReads;
import io.letterbox.engine.follow.FeedBatch;
import io.letterbox.engine.follow.FeedConsumer;
import io.letterbox.engine.follow.FeedEvent;
import io.letterbox.engine.follow.FeedFollowers;
import io.letterbox.model.Event;
import io.letterbox.model.Message;
import io.letterbox.server.config.PushSettings;
import io.vertx.core.Vertx;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The offline push consumer of the owner feed (decision 0043). A one-to-one message that reaches
 * an owner (not its own, not in a conversation it muted) while it has no open stream is owed a
 * push, coalesced per owner; a broadcast whose request asked for push is owed one by each of its
 * receivers, at the broadcast rate, and a group post by each member who did not mute the group. A batch is delivered once its pushes are owed: their calls
 * are made later, when the owner's window closes, with the badge and presence as they are then.
 */
public final class OfflinePush implements FeedConsumer, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(OfflinePush.class);
  /** Its name among the feed's consumers: it keys its stored positions. */
  public static final String NAME = "push";

  private final PushReads reads;
  private final PushSettings settings;
  private final PushCalls calls;
  private final ScheduledExecutorService timer = Executors.newScheduledThreadPool(2, r -> {
    Thread t = new Thread(r, "letterbox-push");
    t.setDaemon(true);
    return t;
  });
  private final PushCoalescer coalescer;
  private final ManyReceiverPushes many;
  private volatile FeedFollowers.Followed followed;

  private OfflinePush(Vertx vertx, PushReads reads, PushSettings settings) {
    this.reads = reads;
    this.settings = settings;
    this.calls = new PushCalls(vertx, settings);
    this.coalescer = new PushCoalescer(settings.coalesce(), timer, this::make);
    this.many = new ManyReceiverPushes(reads, coalescer, settings.broadcastRate());
  }

  /** Starts pushing for the messages of the feed after the stored positions. */
  public static OfflinePush start(Vertx vertx, FeedFollowers followers, PushReads reads, PushSettings settings) {
    OfflinePush push = new OfflinePush(vertx, reads, settings);
    push.followed = followers.add(push);
    return push;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public CompletableFuture<Void> deliver(FeedBatch batch) {
    for (FeedEvent e : batch.events()) {
      if (e.event() instanceof Event.MessageArrived arrived) {
        owed(e.owner(), arrived.message());
      }
    }
    return CompletableFuture.completedFuture(null);
  }

  private void owed(long owner, Message m) {
    switch (m.kind()) {
      case SINGLE -> {
        if (m.from() != owner && !reads.online(owner) && !reads.muted(owner, m.from())) {
          coalescer.offer(new PushNotice(owner, m));
        }
      }
      case BROADCAST -> {
        // Given once, as its sender's: its receivers are in its frozen audience.
        if (reads.pushRequested(m.id())) {
          many.broadcast(m);
        }
      }
      // Given once, as the group's: its receivers are its members.
      case GROUP -> many.group(m);
    }
  }

  /**
   * Another node announced broadcast or group post {@code id} of {@code sender} (decision 0043):
   * its receivers hosted here, which that node's consumer leaves out, are pushed to as this
   * node's own would be. Returns at once.
   */
  public void announced(long sender, long id) {
    many.announced(sender, id);
  }

  /** Makes the push of {@code notice}, unless its owner opened a stream meanwhile. */
  private void make(PushNotice notice) {
    try {
      if (reads.online(notice.uid())) {
        return;
      }
      calls.post(PushBody.of(notice, reads.badge(notice.uid()), settings.preview()));
    } catch (RuntimeException e) {
      calls.failed.incrementAndGet();
      log.warn("the push to {} was not made", notice.uid(), e);
    }
  }

  /** Pushes taken by push-url (2xx). */
  public long sent() {
    return calls.sent.get();
  }

  /** Pushes not taken: another answer, none in time, or not made for an error. */
  public long failed() {
    return calls.failed.get();
  }

  @Override
  public void close() {
    followed.close();
    many.close();
    timer.shutdownNow();
    calls.close();
  }
}
