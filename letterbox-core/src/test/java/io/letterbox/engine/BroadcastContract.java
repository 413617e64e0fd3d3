package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.model.ConversationRef;
import io.letterbox.model.Audience;
import io.letterbox.model.Broadcast;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.Conversation;
import io.letterbox.model.FrequencyCap;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.model.Vetted;
import io.letterbox.store.FaultyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import io.letterbox.keys.Spaces;
import org.junit.jupiter.api.Test;

/** The engine's broadcast semantics, run against every storage backend. */
public abstract class BroadcastContract extends EngineFixture {

  protected Broadcast broadcast(long from, String text, Audience audience) {
    return box.broadcasts().send(new BroadcastRequest(from, text, audience, BroadcastRequest.Priority.NORMAL, null)).join();
  }

  protected static Audience followers() {
    return new Audience.Followers();
  }

  protected static Audience uids(long... uids) {
    return new Audience.Uids(uids);
  }

  @Test
  void aFollowersBroadcastReachesEveryFollowerAndNobodyElse() {
    box.relations().follow(ALICE, NEWS).join();
    box.relations().follow(BOB, NEWS).join();
    Broadcast b = broadcast(NEWS, "breaking", followers());
    assertThat(b.receivers()).isEqualTo(2);
    assertThat(b.status()).isEqualTo(Broadcast.Status.DONE);
    assertThat(b.completedAt()).isPresent();
    assertThat(history(ALICE, NEWS)).containsExactly("breaking");
    assertThat(history(BOB, NEWS)).containsExactly("breaking");
    assertThat(history(CAROL, NEWS)).isEmpty();
    Message m = box.conversations().history(ALICE, ConversationRef.peer(NEWS), null, 10).items().get(0);
    assertThat(m.kind()).isEqualTo(Message.Kind.BROADCAST);
    assertThat(m.from()).isEqualTo(NEWS);
    assertThat(peers(ALICE)).containsExactly(NEWS);
    assertThat(peers(CAROL)).isEmpty();
  }

  @Test
  void aFollowerGraphLoadedAtOnceIsTheFollowersAudience() {
    box.relations().addFollowers(NEWS, new long[] {CAROL, ALICE, BOB, ALICE}).join();
    box.relations().unfollow(BOB, NEWS).join();
    Broadcast b = broadcast(NEWS, "to the graph", followers());
    assertThat(b.receivers()).isEqualTo(2);
    assertThat(peers(ALICE)).containsExactly(NEWS);
    assertThat(peers(CAROL)).containsExactly(NEWS);
    assertThat(history(BOB, NEWS)).isEmpty();
    assertThat(refusal(() -> box.relations().addFollowers(NEWS, new long[] {NEWS}))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
  }

  @Test
  void theAudienceIsFrozenWhenTheBroadcastIsAccepted() {
    box.relations().follow(ALICE, NEWS).join();
    broadcast(NEWS, "first", followers());
    box.relations().unfollow(ALICE, NEWS).join();
    box.relations().follow(BOB, NEWS).join();
    broadcast(NEWS, "second", followers());
    assertThat(history(ALICE, NEWS)).as("an unfollower keeps what it received").containsExactly("first");
    assertThat(peers(ALICE)).containsExactly(NEWS);
    assertThat(history(BOB, NEWS)).as("a new follower gets only what comes after").containsExactly("second");
  }

  @Test
  void subscribersFilteredByAttributesGetItOnlyWhenEveryPairMatches() {
    box.relations().subscribe(ALICE, NEWS, Map.of("city", "beijing", "tier", "gold")).join();
    box.relations().subscribe(BOB, NEWS, Map.of("city", "beijing", "tier", "silver")).join();
    box.relations().subscribe(CAROL, NEWS, Map.of("city", "shanghai", "tier", "gold")).join();
    Broadcast gold = broadcast(NEWS, "gold in beijing",
        new Audience.Subscribers(Map.of("city", "beijing", "tier", "gold")));
    Broadcast all = broadcast(NEWS, "all subscribers", new Audience.Subscribers(Map.of()));
    assertThat(gold.receivers()).isEqualTo(1);
    assertThat(all.receivers()).isEqualTo(3);
    assertThat(history(ALICE, NEWS)).containsExactly("all subscribers", "gold in beijing");
    assertThat(history(BOB, NEWS)).containsExactly("all subscribers");
    box.relations().subscribe(BOB, NEWS, Map.of("city", "beijing", "tier", "gold")).join();
    broadcast(NEWS, "gold again", new Audience.Subscribers(Map.of("city", "beijing", "tier", "gold")));
    assertThat(history(BOB, NEWS)).containsExactly("gold again", "all subscribers");
    assertThat(history(CAROL, NEWS)).containsExactly("all subscribers");
  }

  @Test
  void aUidListReachesUnrelatedReceiversWhoThenFindTheSender() {
    Broadcast b = done(broadcast(NEWS, "hello strangers", uids(ALICE, BOB, NEWS)));
    assertThat(b.receivers()).as("the sender is never its own receiver").isEqualTo(2);
    assertThat(peers(ALICE)).containsExactly(NEWS);
    assertThat(peers(BOB)).containsExactly(NEWS);
    assertThat(history(BOB, NEWS)).containsExactly("hello strangers");
    assertThat(peers(CAROL)).isEmpty();
  }

  @Test
  void aReceiverReadingAYoungBroadcastDoesNotCacheItsAudience() {
    long[] list = new long[5_000];
    for (int i = 0; i < list.length; i++) {
      list[i] = ALICE + 100 + i;
    }
    list[0] = ALICE;
    done(broadcast(NEWS, "to a long list", uids(list)));

    assertThat(history(ALICE, NEWS)).containsExactly("to a long list");

    assertThat(box.cachedBytes().get("messages")).as("the message, not its list of 5,000 receivers")
        .isPositive().isLessThan(1_000);
  }

  /**
   * Found by the crash soak: a receiver that follows a sender whose uid-list broadcast
   * also reached it has that sender both as a follow and as a reached record; the senders whose
   * reached records came after it were left out of its conversation list and unread counts.
   */
  @Test
  void aFollowedSenderThatAlsoReachedTheReceiverDoesNotHideTheOtherSendersThatReachedIt() {
    long other = NEWS + 1;
    box.relations().follow(ALICE, NEWS).join();
    done(broadcast(NEWS, "to a list with a follower on it", uids(ALICE)));
    done(broadcast(other, "from a stranger", uids(ALICE)));
    assertThat(peers(ALICE)).containsExactlyInAnyOrder(NEWS, other);
    assertThat(box.conversations().unread(ALICE, "pc").total()).isEqualTo(2);
    assertThat(box.conversations().unread(ALICE, "pc").conversations()).hasSize(2);
  }

  @Test
  void aSegmentBroadcastKeepsItsAudienceWhenTheSegmentChanges() {
    box.relations().replaceSegment("vip", new long[] {ALICE, BOB}).join();
    Broadcast b = done(broadcast(NEWS, "for vips", new Audience.Segment("vip")));
    box.relations().replaceSegment("vip", new long[] {CAROL}).join();
    box.relations().addToSegment("vip", new long[] {DAVE}).join();
    Broadcast c = done(broadcast(NEWS, "new vips", new Audience.Segment("vip")));
    assertThat(b.receivers()).isEqualTo(2);
    assertThat(c.receivers()).isEqualTo(2);
    assertThat(history(ALICE, NEWS)).containsExactly("for vips");
    assertThat(history(CAROL, NEWS)).containsExactly("new vips");
    assertThat(history(DAVE, NEWS)).containsExactly("new vips");
  }

  @Test
  void aConversationMergesBroadcastsWithOneToOneMessagesNewestFirst() {
    box.relations().follow(ALICE, NEWS).join();
    send(NEWS, ALICE, "dm 1");
    broadcast(NEWS, "broadcast 1", followers());
    send(ALICE, NEWS, "reply");
    broadcast(NEWS, "broadcast 2", followers());
    send(NEWS, ALICE, "dm 2");
    assertThat(history(ALICE, NEWS)).containsExactly("dm 2", "broadcast 2", "reply", "broadcast 1", "dm 1");
    List<String> paged = new ArrayList<>();
    Page<Message> page = box.conversations().history(ALICE, ConversationRef.peer(NEWS), null, 2);
    paged.addAll(texts(page));
    while (page.next() != null) {
      page = box.conversations().history(ALICE, ConversationRef.peer(NEWS), page.next(), 2);
      paged.addAll(texts(page));
    }
    assertThat(paged).containsExactly("dm 2", "broadcast 2", "reply", "broadcast 1", "dm 1");
    assertThat(history(NEWS, ALICE)).as("the sender's side has the one-to-one messages only")
        .containsExactly("dm 2", "reply", "dm 1");
  }

  @Test
  void theConversationListOrdersBroadcastSendersByTheirLatestBroadcast() {
    box.relations().follow(ALICE, NEWS).join();
    broadcast(NEWS, "news", followers());
    send(BOB, ALICE, "hi");
    assertThat(peers(ALICE)).containsExactly(BOB, NEWS);
    broadcast(NEWS, "more news", followers());
    assertThat(peers(ALICE)).containsExactly(NEWS, BOB);
    Conversation news = box.conversations().list(ALICE, null, 10).items().get(0);
    assertThat(news.lastMessage().text()).isEqualTo("more news");
  }

  @Test
  void unreadCountsIncludeBroadcastsUntilRead() {
    box.relations().follow(ALICE, NEWS).join();
    broadcast(NEWS, "1", followers());
    broadcast(NEWS, "2", followers());
    send(NEWS, ALICE, "dm");
    assertThat(box.conversations().unread(ALICE, "pc").total()).isEqualTo(3);
    assertThat(box.conversations().list(ALICE, null, 10).items().get(0).unread()).isEqualTo(Map.of("pc", 3L, "mobile", 3L));
    box.conversations().markRead(ALICE, ConversationRef.peer(NEWS), "pc", null).join();
    assertThat(box.conversations().unread(ALICE, "pc").total()).isZero();
    assertThat(box.conversations().unread(ALICE, "mobile").total()).isEqualTo(3);
    broadcast(NEWS, "3", followers());
    assertThat(box.conversations().unread(ALICE, "pc").conversations())
        .extracting(p -> p.peer() + "=" + p.count()).containsExactly(NEWS + "=1");
  }

  @Test
  void deletingABroadcastMessageHidesItForThatReceiverOnly() {
    box.relations().follow(ALICE, NEWS).join();
    box.relations().follow(BOB, NEWS).join();
    Broadcast b = broadcast(NEWS, "gone for alice", followers());
    box.messages().delete(ALICE, b.id()).join();
    assertThat(history(ALICE, NEWS)).isEmpty();
    assertThat(box.conversations().unread(ALICE, "pc").total()).isZero();
    assertThat(history(BOB, NEWS)).containsExactly("gone for alice");
    assertThat(refusal(() -> box.messages().delete(CAROL, b.id()).join())).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.messages().delete(ALICE, b.id()).join())).isEqualTo(ErrorCode.NOT_FOUND);
  }

  @Test
  void deletingTheConversationOrEverythingHidesBroadcastsToo() {
    box.relations().follow(ALICE, NEWS).join();
    box.relations().follow(BOB, NEWS).join();
    broadcast(NEWS, "old", followers());
    box.conversations().delete(ALICE, NEWS).join();
    box.conversations().deleteAll(BOB).join();
    assertThat(history(ALICE, NEWS)).isEmpty();
    assertThat(history(BOB, NEWS)).isEmpty();
    assertThat(peers(ALICE)).isEmpty();
    assertThat(box.conversations().unread(BOB, "pc").total()).isZero();
    broadcast(NEWS, "new", followers());
    assertThat(history(ALICE, NEWS)).containsExactly("new");
    assertThat(history(BOB, NEWS)).containsExactly("new");
  }

  @Test
  void theFrequencyCapLeavesOutReceiversAtItAndCountsThem() {
    box.broadcasts().setCap(NEWS, new FrequencyCap(1, Duration.ofDays(1))).join();
    box.relations().follow(ALICE, NEWS).join();
    box.relations().follow(BOB, NEWS).join();
    send(NEWS, ALICE, "a direct message uses alice's one for today");
    Broadcast b = broadcast(NEWS, "broadcast", followers());
    assertThat(b.receivers()).isEqualTo(1);
    assertThat(b.capped()).isEqualTo(1);
    assertThat(history(ALICE, NEWS)).containsExactly("a direct message uses alice's one for today");
    assertThat(history(BOB, NEWS)).containsExactly("broadcast");
    assertThat(refusal(() -> send(NEWS, BOB, "over the cap"))).isEqualTo(ErrorCode.FREQUENCY_CAPPED);
    clock.advance(Duration.ofDays(1));
    assertThat(broadcast(NEWS, "tomorrow", followers()).receivers()).isEqualTo(2);
  }

  @Test
  void aVettedBroadcastStoresItsReplacedContentAndItsKeyStandsForTheRequestAsAsked() {
    box.relations().follow(ALICE, NEWS).join();
    BroadcastRequest asked = new BroadcastRequest(NEWS, "RAW", followers(), BroadcastRequest.Priority.HIGH, "b-1");
    BroadcastRequest cleaned = new BroadcastRequest(NEWS, "clean", followers(), BroadcastRequest.Priority.HIGH, "b-1");

    Broadcast first = box.broadcasts().send(new Vetted<>(asked, cleaned)).join();
    Broadcast again = box.broadcasts().send(asked).join();

    assertThat(box.messages().idempotencyKeyUsed(NEWS, "b-1")).isTrue();
    assertThat(again.id()).isEqualTo(first.id());
    assertThat(history(ALICE, NEWS)).containsExactly("clean");
    assertThat(refusal(() -> box.broadcasts().send(cleaned).join())).isEqualTo(ErrorCode.IDEMPOTENCY_CONFLICT);
  }

  @Test
  void anIdempotencyKeyReturnsTheFirstBroadcast() {
    box.relations().follow(ALICE, NEWS).join();
    BroadcastRequest r = new BroadcastRequest(NEWS, "once", followers(), BroadcastRequest.Priority.HIGH, "b-1");
    Broadcast first = box.broadcasts().send(r).join();
    Broadcast again = box.broadcasts().send(r).join();
    assertThat(again.id()).isEqualTo(first.id());
    assertThat(history(ALICE, NEWS)).containsExactly("once");
    assertThat(refusal(() -> box.broadcasts().send(new BroadcastRequest(NEWS, "other", followers(),
        BroadcastRequest.Priority.HIGH, "b-1")).join())).isEqualTo(ErrorCode.IDEMPOTENCY_CONFLICT);
  }

  @Test
  void badBroadcastsAreRefusedAndStoreNothing() {
    box.relations().follow(ALICE, NEWS).join();
    assertThat(refusal(() -> broadcast(NEWS, "x", uids()))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> broadcast(NEWS, "x", uids(0)))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> broadcast(NEWS, "x", new Audience.Segment("nobody")))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> broadcast(NEWS, "x", new Audience.Segment("bad name!")))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> broadcast(NEWS, "x", new Audience.Subscribers(Map.of("city", ""))))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> broadcast(NEWS, "", followers()))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> broadcast(0, "x", followers()))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    reopen(config().maxAudienceUids(2));
    assertThat(refusal(() -> broadcast(NEWS, "x", uids(1, 2, 3)))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(box.broadcasts().sent(NEWS, null, 10).items()).isEmpty();
    assertThat(history(ALICE, NEWS)).isEmpty();
  }

  @Test
  void theSenderListsItsBroadcastsNewestFirst() {
    for (int i = 0; i < 5; i++) {
      broadcast(NEWS, "b" + i, uids(ALICE));
    }
    Page<Broadcast> page = box.broadcasts().sent(NEWS, null, 3);
    assertThat(page.items()).extracting(Broadcast::text).containsExactly("b4", "b3", "b2");
    assertThat(box.broadcasts().sent(NEWS, page.next(), 3).items()).extracting(Broadcast::text).containsExactly("b1", "b0");
    assertThat(box.broadcasts().find(page.items().get(0).id())).map(Broadcast::from).contains(NEWS);
  }

  @Test
  void aFanOutCutOffByACrashCompletesOnceOnRestart() {
    FaultyStore faulty = new FaultyStore(store);
    reopen(faulty, config());
    box.relations().replaceSegment("all", new long[] {ALICE, BOB, CAROL}).join();
    faulty.failBatchAfter(1, 2);
    Broadcast b = broadcast(NEWS, "resumed", new Audience.Segment("all"));
    reopen(store, config());
    Broadcast finished = done(b);
    assertThat(finished.receivers()).isEqualTo(3);
    for (long u : new long[] {ALICE, BOB, CAROL}) {
      assertThat(peers(u)).containsExactly(NEWS);
      assertThat(history(u, NEWS)).containsExactly("resumed");
    }
  }

  @Test
  void aHighPriorityFanOutDoesNotWaitBehindANormalOne() throws InterruptedException {
    FaultyStore faulty = new FaultyStore(store);
    reopen(faulty, config());
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch paused = faulty.pauseNextMultiGet(Spaces.AUDIENCE, release);
    Broadcast slow = broadcast(NEWS, "normal", new Audience.Uids(new long[] {ALICE}));
    assertThat(paused.await(3, java.util.concurrent.TimeUnit.MINUTES)).as("the normal fan-out is under way").isTrue();

    // Another sender (consecutive uids never share a fan-out lock), at high priority.
    Broadcast urgent = box.broadcasts().send(new BroadcastRequest(NEWS + 1, "urgent", new Audience.Uids(new long[] {BOB}),
        BroadcastRequest.Priority.HIGH, null)).join();
    assertThat(done(urgent).status()).isEqualTo(Broadcast.Status.DONE);
    assertThat(box.broadcasts().find(slow.id()).orElseThrow().status()).as("still held").isEqualTo(Broadcast.Status.RUNNING);

    release.countDown();
    assertThat(done(slow).status()).isEqualTo(Broadcast.Status.DONE);
  }

  @Test
  void aFanOutThatMeetsStoreErrorsIsTriedAgainUntilItFinishes() {
    FaultyStore faulty = new FaultyStore(store);
    reopen(faulty, config().fanoutAttempts(4).fanoutRetryDelay(Duration.ofMillis(5)));
    faulty.failMultiGets(Spaces.AUDIENCE, 3);
    Broadcast b = done(broadcast(NEWS, "after three errors", new Audience.Uids(new long[] {ALICE, BOB})));

    assertThat(b.receivers()).isEqualTo(2);
    assertThat(peers(ALICE)).containsExactly(NEWS);
  }

  @Test
  void aFanOutThatKeepsFailingIsFailedUntilAnOperatorResumesIt() {
    FaultyStore faulty = new FaultyStore(store);
    reopen(faulty, config().fanoutAttempts(2).fanoutRetryDelay(Duration.ofMillis(5)));
    faulty.failMultiGets(Spaces.AUDIENCE, 2);
    Broadcast b = broadcast(NEWS, "stuck", new Audience.Uids(new long[] {ALICE, BOB}));
    Awaitility.await().atMost(Duration.ofMinutes(2))
        .until(() -> box.broadcasts().find(b.id()).orElseThrow().status(), s -> s == Broadcast.Status.FAILED);
    assertThat(history(ALICE, NEWS)).as("the audience is readable all the same").containsExactly("stuck");

    box.broadcasts().resume(b.id());
    assertThat(done(b).status()).isEqualTo(Broadcast.Status.DONE);
    assertThat(peers(BOB)).containsExactly(NEWS);
  }

  @Test
  void aLargeBroadcastIsStoredAsBlocksAndReadByEveryReceiver() {
    long[] audience = new long[50_000];
    for (int i = 0; i < audience.length; i++) {
      audience[i] = 1_000_000_000L + i * 97L;
    }
    box.relations().replaceSegment("many", audience).join();
    Broadcast b = done(broadcast(NEWS, "to many", new Audience.Segment("many")));
    assertThat(b.receivers()).isEqualTo(audience.length);
    for (int i = 0; i < audience.length; i += 4_999) {
      assertThat(history(audience[i], NEWS)).containsExactly("to many");
    }
    assertThat(history(audience[0] + 1, NEWS)).isEmpty();
  }
}
