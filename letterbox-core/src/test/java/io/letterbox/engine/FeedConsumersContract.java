package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.follow.FeedBatch;
import io.letterbox.engine.follow.FeedConsumer;
import io.letterbox.engine.follow.FeedEvent;
import io.letterbox.engine.follow.FeedFollowers;
import io.letterbox.model.Audience;
import io.letterbox.model.Broadcast;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.ConversationRef;
import io.letterbox.model.Event;
import io.letterbox.model.Extras;
import io.letterbox.model.GroupPost;
import io.letterbox.model.Message;
import io.letterbox.model.SendRequest;
import io.letterbox.model.SyncPage;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Consumers of the owner feed (decision 0040) on every backend: every event reaches them in order
 * per owner, as sync gives it; a failing consumer is given the same events again; a restart
 * resumes from the stored position; a slow consumer holds up no send.
 */
public abstract class FeedConsumersContract extends EngineFixture {
  private static final Duration WAIT = Duration.ofSeconds(30);

  /** A consumer that keeps what it was given, and fails or hangs when told to. */
  static final class Recording implements FeedConsumer {
    final String name;
    final List<FeedEvent> delivered = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger failuresLeft = new AtomicInteger();
    final AtomicInteger calls = new AtomicInteger();
    volatile CompletableFuture<Void> hold;

    Recording(String name) {
      this.name = name;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public int batchSize() {
      return 3;
    }

    @Override
    public Duration minBackoff() {
      return Duration.ofMillis(5);
    }

    @Override
    public Duration maxBackoff() {
      return Duration.ofMillis(50);
    }

    @Override
    public CompletableFuture<Void> deliver(FeedBatch batch) {
      calls.incrementAndGet();
      if (failuresLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
        return CompletableFuture.failedFuture(new IllegalStateException("endpoint down"));
      }
      CompletableFuture<Void> h = hold;
      if (h != null) {
        return h.thenRun(() -> delivered.addAll(batch.events()));
      }
      delivered.addAll(batch.events());
      return CompletableFuture.completedFuture(null);
    }

    /** What {@code owner} was given, without positions, duplicates dropped (at least once). */
    List<String> of(long owner) {
      List<String> out;
      synchronized (delivered) {
        out = delivered.stream().filter(e -> e.owner() == owner).map(e -> shown(e.event())).toList();
      }
      return List.copyOf(new LinkedHashSet<>(out));
    }
  }

  /** Follows {@code consumer} and waits until it has its start positions. */
  private FeedFollowers.Followed follow(Recording consumer) {
    FeedFollowers.Followed f = box.feedFollowers().add(consumer);
    Awaitility.await().atMost(WAIT).until(() -> f.status().deliveredUpTo() != null);
    return f;
  }

  private String now(long owner) {
    return box.events().sync(owner, null, 100).next();
  }

  /** Every event after {@code since} as sync gives it, without positions. */
  private List<String> synced(long owner, String since) {
    List<String> out = new ArrayList<>();
    String at = since;
    while (true) {
      SyncPage page = box.events().sync(owner, at, 100);
      page.events().forEach(e -> out.add(shown(e)));
      at = page.next();
      if (!page.more()) {
        return out;
      }
    }
  }

  /**
   * An event's kind and fields but its position (a consumer's positions carry another broadcast
   * mark), a message by its id (its content is read as it is when the event is given).
   */
  static String shown(Event e) {
    StringBuilder b = new StringBuilder(e.getClass().getSimpleName());
    for (RecordComponent c : e.getClass().getRecordComponents()) {
      if (!c.getName().equals("position")) {
        try {
          Object v = c.getAccessor().invoke(e);
          b.append(' ').append(c.getName()).append('=').append(v instanceof Message m ? m.id() : v);
        } catch (ReflectiveOperationException x) {
          throw new IllegalStateException(x);
        }
      }
    }
    return b.toString();
  }

  private void awaitSame(Recording consumer, long[] owners, String[] since) {
    Awaitility.await().atMost(WAIT).untilAsserted(() -> {
      for (int i = 0; i < owners.length; i++) {
        assertThat(consumer.of(owners[i])).as("owner " + owners[i]).isEqualTo(synced(owners[i], since[i]));
      }
    });
  }

  private void activity() {
    Message one = send(ALICE, BOB, "one");
    Message two = send(BOB, ALICE, "two");
    send(CAROL, ALICE, "three");
    box.conversations().markRead(BOB, ConversationRef.peer(ALICE), "mobile", one.id()).join();
    box.conversations().setState(ALICE, ConversationRef.peer(CAROL), true, null, null).join();
    box.messages().edit(BOB, two.id(), "two, edited").join();
    box.messages().recall(ALICE, one.id()).join();
    box.messages().delete(ALICE, two.id()).join();
    // Sent together: one batch then holds several events of one owner.
    List<CompletableFuture<?>> sends = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      sends.add(box.messages().send(new SendRequest(i % 2 == 0 ? ALICE : CAROL, BOB, "more " + i, null)));
    }
    CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new)).join();
  }

  @Test
  void everyEventOfEveryOwnerReachesTheConsumerInOrderExactlyAsSyncGivesIt() {
    Recording consumer = new Recording("all");
    follow(consumer);
    String[] since = {now(ALICE), now(BOB), now(CAROL)};

    activity();

    awaitSame(consumer, new long[] {ALICE, BOB, CAROL}, since);
    assertThat(consumer.of(BOB)).hasSizeGreaterThan(20);
  }

  @Test
  void aGroupPostAndABroadcastGoOnceEachAsTheirGroupsAndSendersWithTheBroadcastsCompletion() {
    box.relations().follow(BOB, NEWS).join();
    box.relations().follow(CAROL, NEWS).join();
    long gid = box.groups().create(ALICE, "team", new long[] {ALICE, BOB, CAROL}, true).join().group().id();
    Recording consumer = new Recording("once");
    follow(consumer);

    Message post = box.groups().post(new GroupPost(gid, BOB, "hello team", List.of(), null, Extras.TEXT)).join()
        .message();
    Broadcast b = done(box.broadcasts().send(new BroadcastRequest(NEWS, "news", new Audience.Followers(),
        BroadcastRequest.Priority.NORMAL, null)).join());

    Awaitility.await().atMost(WAIT).untilAsserted(() -> {
      assertThat(consumer.of(gid)).singleElement().asString().contains("message=" + post.id());
      assertThat(consumer.of(NEWS)).hasSize(2);
    });
    assertThat(consumer.of(NEWS).get(0)).startsWith("MessageArrived").contains("message=" + b.id());
    assertThat(consumer.of(NEWS).get(1)).startsWith("BroadcastCompleted").contains("id=" + b.id());
    assertThat(consumer.of(BOB)).as("no event per member or receiver").isEmpty();
    assertThat(consumer.of(CAROL)).isEmpty();
  }

  @Test
  void aConsumerThatFailsIsGivenTheSameEventsAgainAndNothingIsSkipped() {
    Recording consumer = new Recording("failing");
    FeedFollowers.Followed followed = follow(consumer);
    String[] since = {now(ALICE), now(BOB), now(CAROL)};
    consumer.failuresLeft.set(Integer.MAX_VALUE);

    activity();
    Awaitility.await().atMost(WAIT).until(() -> followed.status().failing());
    assertThat(followed.status().lastError()).isEqualTo("endpoint down");
    assertThat(followed.status().lagEvents()).isPositive();
    consumer.failuresLeft.set(5);

    awaitSame(consumer, new long[] {ALICE, BOB, CAROL}, since);
    Awaitility.await().atMost(WAIT).until(() -> !followed.status().failing());
    assertThat(followed.status().lastError()).isNull();
    assertThat(followed.status().lagEvents()).isZero();
  }

  @Test
  void aRestartResumesFromTheStoredPositionWithoutSkippingAnything() {
    Recording first = new Recording("resumed");
    FeedFollowers.Followed followed = follow(first);
    String[] since = {now(ALICE), now(BOB), now(CAROL)};
    send(ALICE, BOB, "before the restart");
    Awaitility.await().atMost(WAIT).until(() -> first.of(BOB).size() == 1);
    // The next batch is taken and never acknowledged: the process stops with it in flight.
    first.hold = new CompletableFuture<>();
    activity();
    Awaitility.await().atMost(WAIT).until(() -> first.calls.get() >= 2);
    followed.close();

    reopen(config());
    Recording second = new Recording("resumed");
    box.feedFollowers().add(second);

    Awaitility.await().atMost(WAIT).untilAsserted(() -> {
      for (long owner : new long[] {ALICE, BOB, CAROL}) {
        List<String> both = new ArrayList<>(first.of(owner));
        both.addAll(second.of(owner));
        assertThat(List.copyOf(new LinkedHashSet<>(both))).as("owner " + owner)
            .isEqualTo(synced(owner, since[owner == ALICE ? 0 : owner == BOB ? 1 : 2]));
      }
    });
  }

  @Test
  void aRebuildKeepsTheConsumersPositions() {
    Recording first = new Recording("rebuilt");
    FeedFollowers.Followed followed = follow(first);
    String bob = now(BOB);
    send(ALICE, BOB, "delivered before the rebuild");
    Awaitility.await().atMost(WAIT).until(() -> first.of(BOB).size() == 1);
    followed.close();
    send(ALICE, BOB, "sent while no consumer followed");
    box.close();
    io.letterbox.engine.replay.Replayer.rebuild(store, config().build(), n -> {});

    box = Letterbox.open(store, config().build());
    Recording second = new Recording("rebuilt");
    box.feedFollowers().add(second);

    Awaitility.await().atMost(WAIT).untilAsserted(() -> {
      List<String> both = new ArrayList<>(first.of(BOB));
      both.addAll(second.of(BOB));
      assertThat(both).isEqualTo(synced(BOB, bob));
    });
  }

  @Test
  void aConsumerThatDoesNotAnswerHoldsUpNoSendAndOnlyGrowsItsLag() throws Exception {
    Recording consumer = new Recording("stuck");
    FeedFollowers.Followed followed = follow(consumer);
    String bob = now(BOB);
    consumer.hold = new CompletableFuture<>();

    List<CompletableFuture<?>> sends = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      sends.add(box.messages().send(new SendRequest(ALICE, BOB, "while it hangs " + i, null)));
    }
    CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);

    Awaitility.await().atMost(WAIT).until(() -> followed.status().lagEvents() >= 90);
    assertThat(consumer.of(BOB)).isEmpty();
    consumer.hold.complete(null);
    awaitSame(consumer, new long[] {BOB}, new String[] {bob});
    Awaitility.await().atMost(WAIT).until(() -> followed.status().lagEvents() == 0);
  }
}
