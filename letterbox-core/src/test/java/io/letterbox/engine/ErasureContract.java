package io.letterbox.engine;

import static io.letterbox.engine.RemovalChecks.assertRemoved;
import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.replay.Replayer;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Audience;
import io.letterbox.model.Broadcast;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.ConversationRef;
import io.letterbox.model.Erasure;
import io.letterbox.model.Extras;
import io.letterbox.model.GroupPost;
import io.letterbox.model.Message;
import io.letterbox.model.UserSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Erasure of a user and legal hold (API.md, Lifecycle; decision 0044), on every backend: what the
 * user sent reads removed for every other party, its own state is gone, a rebuild derives the
 * same rows, and a user on hold is not erased.
 */
public abstract class ErasureContract extends EngineFixture {

  private Erasure erased(long uid) {
    Erasure started = box.erasures().erase(uid).join();
    return Awaitility.await("erasure of " + uid).atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(10))
        .until(() -> box.erasures().find(started.id()).orElseThrow(), Erasure::done);
  }

  @Test
  void anErasedUsersOneToOneGroupAndBroadcastMessagesReadRemovedForEveryPartyAndItsOwnStateIsGone() throws Exception {
    Message single = send(ALICE, BOB, "zqxsingle to bob");
    Message hidden = send(ALICE, CAROL, "zqxhidden from her own view");
    box.messages().delete(ALICE, hidden.id()).join();
    Message received = send(BOB, ALICE, "bob writes to alice");
    long imported = box.messages().importHistory(List.of(new io.letterbox.model.ImportedMessage(ALICE, DAVE,
        "zqximported from the old system", java.time.Instant.parse("2019-05-01T08:00:00Z")))).join().get(0);
    long gid = box.groups().create(ALICE, "alice's team", new long[] {BOB, CAROL}, false).join().group().id();
    Message post = box.groups().post(new GroupPost(gid, ALICE, "zqxpost to the team", List.of(), null, Extras.TEXT))
        .join().message();
    Message bobPost = box.groups().post(new GroupPost(gid, BOB, "bob's post", List.of(), null, Extras.TEXT)).join().message();
    Broadcast broadcast = done(box.broadcasts().send(new BroadcastRequest(ALICE, "zqxbroadcast from alice",
        new Audience.Uids(new long[] {BOB, DAVE}), BroadcastRequest.Priority.NORMAL, null)).join());
    box.relations().follow(ALICE, NEWS).join();
    box.relations().subscribe(ALICE, NEWS, Map.of("city", "bj")).join();
    box.relations().block(ALICE, DAVE, true).join();
    box.conversations().setState(ALICE, ConversationRef.peer(BOB), true, true, null).join();
    box.relations().setUserSettings(ALICE, new UserSettings.Change(UserSettings.GroupAdds.NOBODY)).join();
    awaitIndexed(BOB, "zqxsingle", single.id());
    awaitIndexed(CAROL, "zqxhidden", hidden.id());

    Erasure started = box.erasures().erase(ALICE).join();
    assertThat(started.uid()).isEqualTo(ALICE);
    Erasure done = erased(ALICE);
    assertThat(done.id()).isEqualTo(started.id());
    assertThat(done.completedAt()).isPositive();

    for (int restart = 0; restart < 2; restart++) {
      assertRemovedFor(BOB, single);
      assertRemovedFor(CAROL, hidden);
      assertRemovedFor(BOB, post);
      assertRemovedFor(CAROL, post);
      assertRemovedFor(BOB, broadcast.id());
      assertRemovedFor(DAVE, imported);
      assertRemovedFor(DAVE, broadcast.id());
      assertThat(box.messages().find(BOB, received.id()).orElseThrow().text()).as("what others sent stays theirs")
          .isEqualTo("bob writes to alice");
      assertThat(box.messages().find(CAROL, bobPost.id()).orElseThrow().text()).isEqualTo("bob's post");
      assertThat(box.conversations().list(ALICE, null, 10).items()).as("its conversations").isEmpty();
      assertThat(box.groups().get(gid).owner()).as("its group passes on").isIn(BOB, CAROL);
      assertThat(box.groups().get(gid).members()).isEqualTo(2);
      assertThat(store.get(Spaces.FOLLOWING, PairKey.of(ALICE, NEWS))).as("its follow").isNull();
      assertThat(store.get(Spaces.SUBSCRIPTIONS, PairKey.of(ALICE, NEWS))).as("its subscription").isNull();
      assertThat(box.relations().blocked(ALICE)).as("its blocks").isEmpty();
      assertThat(box.relations().userSettings(ALICE)).isEqualTo(UserSettings.DEFAULT);
      assertThat(foundIds(BOB, "zqxsingle")).isEmpty();
      assertThat(foundIds(CAROL, "zqxhidden")).isEmpty();
      assertThat(ByteSearch.spacesHolding(store, "zqx")).as("spaces still holding its texts").isEmpty();
      assertThat(box.erasures().erase(ALICE).join()).as("erasing again answers the erasure done").isEqualTo(done);
      reopen(config());
    }

    box.close();
    Map<String, List<String>> live = contents(store);
    Replayer.rebuild(store, config().build(), n -> {});
    assertThat(contents(store)).as("rebuilt rows").isEqualTo(live);
    box = Letterbox.open(store, config().build());
  }

  private void assertRemovedFor(long party, Message m) {
    Message read = box.messages().find(party, m.id()).orElseThrow();
    assertRemoved(read, m.id());
    assertThat(read.from()).isEqualTo(m.from());
    assertThat(read.createdAt()).isEqualTo(m.createdAt());
  }

  private void assertRemovedFor(long party, long id) {
    Message read = box.messages().find(party, id).orElseThrow();
    assertRemoved(read, id);
    assertThat(read.from()).isEqualTo(ALICE);
  }

  @Test
  void aBroadcastToAHundredThousandFollowersIsRemovedOnceForAll() {
    long[] followers = LongStream.rangeClosed(1, 100_000).map(i -> 3_000_000_000L + i).toArray();
    box.relations().addFollowers(ALICE, followers).join();
    Broadcast broadcast = done(box.broadcasts().send(new BroadcastRequest(ALICE, "zqxto everyone",
        new Audience.Followers(), BroadcastRequest.Priority.NORMAL, null)).join());
    assertThat(box.messages().find(followers[99_999], broadcast.id()).orElseThrow().text()).isEqualTo("zqxto everyone");

    erased(ALICE);

    for (long receiver : new long[] {followers[0], followers[50_000], followers[99_999]}) {
      assertRemovedFor(receiver, broadcast.id());
    }
    assertThat(ByteSearch.spacesHolding(store, "zqx")).isEmpty();

    box.close();
    Map<String, List<String>> live = contents(store);
    Replayer.rebuild(store, config().build(), n -> {});
    assertThat(contents(store)).as("rebuilt rows").isEqualTo(live);
    box = Letterbox.open(store, config().build());
    assertRemovedFor(followers[99_999], broadcast.id());
  }

  @Test
  void anErasedUsersPendingAndFailedSchedulesAreCancelledNeverSentAndTheirTextsAreInNoSpace() {
    schedule(ALICE, BOB, "zqxpending for bob", Duration.ofMinutes(10));
    schedule(ALICE, CAROL, "zqxrefused by carol", Duration.ofMinutes(1));
    schedule(BOB, ALICE, "bob's for later", Duration.ofMinutes(10));
    box.relations().block(CAROL, ALICE, true).join();
    clock.advance(Duration.ofMinutes(1));
    Awaitility.await("the refusal").atMost(Duration.ofSeconds(30))
        .until(() -> scheduled(ALICE).stream().anyMatch(s -> !s.pending()));

    erased(ALICE);
    assertThat(scheduled(ALICE)).as("its schedules, pending and failed").isEmpty();
    clock.advance(Duration.ofMinutes(10));
    Awaitility.await("bob's schedule sent").atMost(Duration.ofSeconds(30))
        .until(() -> scheduled(BOB).isEmpty());
    box.schedules().due().sweep();

    assertThat(history(BOB, ALICE)).as("what bob has of alice").containsExactly("bob's for later");
    assertThat(ByteSearch.spacesHolding(store, "zqx")).as("spaces still holding its texts").isEmpty();
    box.close();
    Map<String, List<String>> live = contents(store);
    Replayer.rebuild(store, config().build(), n -> {});
    assertThat(contents(store)).as("rebuilt rows").isEqualTo(live);
    box = Letterbox.open(store, config().build());
    assertThat(scheduled(ALICE)).isEmpty();
  }

  @Test
  void aUserOnLegalHoldIsNotErasedUntilReleased() {
    Message m = send(ALICE, BOB, "kept for the court");
    box.erasures().hold(ALICE, true).join();
    box.erasures().hold(ALICE, true).join();
    assertThat(box.erasures().onHold(ALICE)).isTrue();
    assertThat(refusal(() -> box.erasures().erase(ALICE).join())).isEqualTo(ErrorCode.ON_HOLD);
    reopen(config());
    assertThat(box.erasures().onHold(ALICE)).as("after a restart").isTrue();
    assertThat(box.messages().find(BOB, m.id()).orElseThrow().text()).isEqualTo("kept for the court");

    box.erasures().hold(ALICE, false).join();
    assertThat(box.erasures().onHold(ALICE)).isFalse();
    erased(ALICE);
    assertRemovedFor(BOB, m);
  }

  @Test
  void anErasedUsersReactionsAreTakenBackFromTheCountsAndLeaveNoRowOfItsOwn() {
    Message toAlice = send(BOB, ALICE, "how was the concert?");
    Message toCarol = send(BOB, CAROL, "and yours?");
    send(ALICE, BOB, "it was loud");
    box.reactions().react(ALICE, toAlice.id(), "\uD83D\uDC4D").join();
    box.reactions().react(ALICE, toAlice.id(), "\u2764\uFE0F").join();
    box.reactions().react(CAROL, toCarol.id(), "\uD83D\uDC4D").join();
    // Alice's reaction to a message she no longer sees is hers all the same.
    box.messages().delete(ALICE, toAlice.id()).join();

    erased(ALICE);

    assertThat(box.messages().find(BOB, toAlice.id()).orElseThrow().reactions()).as("Bob's message to Alice").isEmpty();
    assertThat(box.messages().find(BOB, toCarol.id()).orElseThrow().reactions()).as("Carol's reaction stays")
        .extracting(io.letterbox.model.Reaction::emoji).containsExactly("\uD83D\uDC4D");
    assertThat(store.scan(Spaces.OWN_REACTIONS, io.letterbox.store.KeyRange.prefix(io.letterbox.keys.ReactionKey.ownedBy(ALICE)), false,
        1)).as("Alice's own reaction rows").isEmpty();
  }

  @Test
  void aUserLetterboxNeverSawIsNotFoundAndNoSuchErasureIsEmpty() {
    send(ALICE, BOB, "hi");
    assertThat(refusal(() -> box.erasures().erase(CAROL).join())).isEqualTo(ErrorCode.NOT_FOUND);
    Erasure bobs = erased(BOB);
    assertThat(box.erasures().find(bobs.id() + 1)).isEmpty();
    assertThat(box.erasures().find(send(ALICE, DAVE, "x").id())).as("the id of a message").isEmpty();
  }

  @Test
  void anErasureUnderWayWhenTheEngineStopsIsFinishedAfterItStartsAgain() {
    for (int i = 0; i < 200; i++) {
      send(ALICE, i % 2 == 0 ? BOB : CAROL, "zqxmany " + i);
    }
    Erasure started = box.erasures().erase(ALICE).join();
    reopen(config());
    Erasure done = Awaitility.await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(10))
        .until(() -> box.erasures().find(started.id()).orElseThrow(), Erasure::done);
    assertThat(done.id()).isEqualTo(started.id());
    assertThat(box.conversations().history(BOB, ConversationRef.peer(ALICE), null, 100).items())
        .hasSize(100).allSatisfy(h -> assertThat(h.status()).isEqualTo(Message.Status.REMOVED));
    assertThat(ByteSearch.spacesHolding(store, "zqx")).isEmpty();
  }
}
