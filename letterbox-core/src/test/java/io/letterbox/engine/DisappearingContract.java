package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.replay.Replayer;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Conversation;
import io.letterbox.model.ConversationRef;
import io.letterbox.model.Message;
import io.letterbox.store.KeyRange;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Disappearing messages (decision 0045): once a conversation's setting is on, the messages sent
 * afterwards vanish for every party at {@code createdAt + disappearAfter}, their content gone
 * from every space, lists and unread counts exact; a replay derives the same. On every backend.
 */
public abstract class DisappearingContract extends EngineFixture {
  private static final Duration HOUR = Duration.ofHours(1);

  private Conversation item(long owner, ConversationRef of) {
    return box.conversations().get(owner, of);
  }

  private long timers() {
    long[] n = {0};
    store.scan(Spaces.EXPIRY, new KeyRange(new byte[0], null), false, (k, v) -> {
      n[0]++;
      return true;
    });
    return n[0];
  }

  @Test
  void messagesSentOnceItIsOnVanishForBothPartiesAtTheirTimeWithListsUnreadCountsAndSearchExact() {
    send(ALICE, BOB, "before");
    Conversation set = box.conversations().setDisappearAfter(ALICE, ConversationRef.peer(BOB), HOUR).join();
    assertThat(set.disappearAfter()).isEqualTo(HOUR);
    Awaitility.await("the peer's setting").atMost(Duration.ofSeconds(30))
        .until(() -> item(BOB, ConversationRef.peer(ALICE)).disappearAfter(), HOUR::equals);
    assertThat(box.conversations().list(BOB, null, 10).items().get(0).disappearAfter()).isEqualTo(HOUR);
    Message soon = send(ALICE, BOB, "zqxsoon one");
    send(BOB, ALICE, "zqxsoon two");
    awaitIndexed(BOB, "zqxsoon", soon.id());
    assertThat(box.conversations().unread(BOB, "pc").total()).isEqualTo(2);

    clock.advance(Duration.ofMinutes(59));
    assertThat(box.disappearing().sweep()).as("before their time").isZero();
    clock.advance(Duration.ofMinutes(2));

    Awaitility.await("vanished").atMost(Duration.ofMinutes(1))
        .until(() -> history(BOB, ALICE), h -> h.equals(List.of("before")));
    for (int restart = 0; restart < 2; restart++) {
      for (long owner : new long[] {ALICE, BOB}) {
        long peer = owner == ALICE ? BOB : ALICE;
        assertThat(history(owner, peer)).as("history of %d", owner).containsExactly("before");
        assertThat(item(owner, ConversationRef.peer(peer)).lastMessage().text()).isEqualTo("before");
        assertThat(foundIds(owner, "zqxsoon")).isEmpty();
        assertThat(box.messages().find(owner, soon.id())).isEmpty();
      }
      assertThat(box.conversations().unread(BOB, "pc").total()).as("Bob's unread").isEqualTo(1);
      assertThat(box.conversations().unread(ALICE, "pc").total()).as("Alice's unread").isZero();
      assertThat(ByteSearch.spacesHolding(store, "zqx")).as("spaces still holding a vanished text").isEmpty();
      assertThat(timers()).isZero();
      reopen(config());
    }
  }

  @Test
  void aRebuildDerivesTheTimersAndWhatTheirRemovalsLeft() {
    send(ALICE, BOB, "kept");
    box.conversations().setDisappearAfter(BOB, ConversationRef.peer(ALICE), Duration.ofMinutes(5)).join();
    send(ALICE, BOB, "gone");
    clock.advance(Duration.ofMinutes(3));
    send(BOB, ALICE, "pending");
    clock.advance(Duration.ofMinutes(3));
    assertThat(box.disappearing().sweep()).isEqualTo(1);
    box.close();
    Map<String, List<String>> live = contents(store);
    assertThat(live.get("expiry")).as("the pending message's timer").hasSize(2);

    Replayer.rebuild(store, config().build(), n -> {});

    assertThat(contents(store)).isEqualTo(live);
    box = Letterbox.open(store, config().build());
    assertThat(history(ALICE, BOB)).containsExactly("pending", "kept");
  }

  @Test
  void bothPartiesListsShowTheSettingAsItChangesHoweverOftenTheyWereReadBefore() {
    send(ALICE, BOB, "hi");
    for (long owner : new long[] {ALICE, BOB}) {
      assertThat(box.conversations().list(owner, null, 10).items().get(0).disappearAfter()).isNull();
    }

    box.conversations().setDisappearAfter(ALICE, ConversationRef.peer(BOB), HOUR).join();
    for (long owner : new long[] {ALICE, BOB}) {
      Awaitility.await("the setting in the list of " + owner).atMost(Duration.ofSeconds(30))
          .until(() -> box.conversations().list(owner, null, 10).items().get(0).disappearAfter(), HOUR::equals);
    }

    box.conversations().setDisappearAfter(BOB, ConversationRef.peer(ALICE), null).join();
    for (long owner : new long[] {ALICE, BOB}) {
      Awaitility.await("the setting gone from the list of " + owner).atMost(Duration.ofSeconds(30))
          .until(() -> box.conversations().list(owner, null, 10).items().get(0).disappearAfter() == null);
    }
  }

  @Test
  void turnedOffMessagesSentAfterwardsStay() {
    send(ALICE, BOB, "hi");
    box.conversations().setDisappearAfter(BOB, ConversationRef.peer(ALICE), HOUR).join();
    Message sent = send(ALICE, BOB, "vanishes");
    box.conversations().setDisappearAfter(ALICE, ConversationRef.peer(BOB), null).join();
    send(ALICE, BOB, "stays");
    assertThat(item(BOB, ConversationRef.peer(ALICE)).disappearAfter()).isNull();

    clock.advance(Duration.ofHours(2));
    assertThat(box.disappearing().sweep()).isEqualTo(1);

    assertThat(history(BOB, ALICE)).containsExactly("stays", "hi");
    assertThat(box.messages().find(ALICE, sent.id())).isEmpty();
  }

  @Test
  void aGroupsOwnerOrAdminSetsItAndItsPostsVanishForEveryMemberWithUnreadCountsListsAndSearchExact() {
    long gid = box.groups().create(CAROL, "team", new long[] {BOB, DAVE}, false).join().group().id();
    Message before = post(gid, CAROL, "before");
    assertThat(refusal(() -> box.conversations().setDisappearAfter(BOB, ConversationRef.group(gid), HOUR).join()))
        .as("a member").isEqualTo(ErrorCode.NOT_GROUP_ADMIN);
    assertThat(item(BOB, ConversationRef.group(gid)).disappearAfter()).isNull();
    box.conversations().setDisappearAfter(CAROL, ConversationRef.group(gid), Duration.ofSeconds(10)).join();
    assertThat(item(DAVE, ConversationRef.group(gid)).disappearAfter()).isEqualTo(Duration.ofSeconds(10));
    Message soon = post(gid, BOB, "zqxpost");
    // Dave's computer reads past the post, his phone does not; Carol has not read it on either.
    box.conversations().markRead(DAVE, ConversationRef.group(gid), "pc", soon.id()).join();
    awaitIndexed(DAVE, "zqxpost", soon.id());
    assertThat(groupUnread(DAVE, gid)).containsEntry("pc", 0L).containsEntry("mobile", 2L);
    assertThat(groupUnread(CAROL, gid)).containsEntry("pc", 1L).containsEntry("mobile", 1L);

    clock.advance(Duration.ofSeconds(11));
    assertThat(box.disappearing().sweep()).isEqualTo(1);

    for (int restart = 0; restart < 2; restart++) {
      for (long member : new long[] {CAROL, BOB, DAVE}) {
        assertThat(groupHistory(member, gid)).as("history of %d", member).containsExactly("before");
        assertThat(item(member, ConversationRef.group(gid)).lastMessage().id()).as("last of %d", member)
            .isEqualTo(before.id());
        assertThat(box.messages().find(member, soon.id())).as("member %d", member).isEmpty();
        assertThat(foundIds(member, "zqxpost")).isEmpty();
      }
      assertThat(groupUnread(DAVE, gid)).as("Dave's, read past it on one device")
          .containsEntry("pc", 0L).containsEntry("mobile", 1L);
      assertThat(groupUnread(CAROL, gid)).containsEntry("pc", 0L).containsEntry("mobile", 0L);
      assertThat(groupUnread(BOB, gid)).containsEntry("pc", 0L).containsEntry("mobile", 0L);
      assertThat(box.conversations().unread(DAVE, "mobile").total()).isEqualTo(1);
      assertThat(ByteSearch.spacesHolding(store, "zqx")).isEmpty();
      reopen(config());
    }

    // The group's sequence goes on past the vanished post: a new one is one more unread.
    Message after = post(gid, BOB, "after");
    assertThat(groupUnread(DAVE, gid)).containsEntry("pc", 1L).containsEntry("mobile", 2L);
    assertThat(item(CAROL, ConversationRef.group(gid)).lastMessage().id()).isEqualTo(after.id());
    box.close();
    Map<String, List<String>> live = contents(store);

    Replayer.rebuild(store, config().build(), n -> {});

    assertThat(contents(store)).isEqualTo(live);
    box = Letterbox.open(store, config().build());
    assertThat(groupHistory(DAVE, gid)).containsExactly("after", "before");
    assertThat(groupUnread(DAVE, gid)).containsEntry("pc", 1L).containsEntry("mobile", 2L);
  }

  @Test
  void aStoreWhoseGroupPostsWereRemovedBeforeTheyVanishedHasThemVanishedByTheUpgrade() {
    long gid = box.groups().create(CAROL, "team", new long[] {DAVE}, false).join().group().id();
    Message before = post(gid, CAROL, "before");
    box.conversations().setDisappearAfter(CAROL, ConversationRef.group(gid), Duration.ofSeconds(10)).join();
    Message soon = post(gid, CAROL, "soon");
    clock.advance(Duration.ofSeconds(11));
    assertThat(box.disappearing().sweep()).isEqualTo(1);
    box.close();
    // The store as format 8 left it: the post still in the timeline and the header's newest, no vanished posts, no mark.
    io.letterbox.rows.GroupRow header = io.letterbox.rows.GroupRow.decode(
        store.get(Spaces.GROUPS, io.letterbox.keys.GroupKey.header(gid)));
    store.write(store.newBatch()
        .put(Spaces.GROUP_TIMELINE, io.letterbox.keys.GroupTimelineKey.of(gid, soon.id()),
            new io.letterbox.rows.GroupTimelineRow(2, CAROL).encode())
        .put(Spaces.GROUPS, io.letterbox.keys.GroupKey.header(gid), header.withLast(2, soon.id()).encode())
        .delete(Spaces.GROUPS, io.letterbox.keys.GroupKey.vanished(gid))
        .delete(Spaces.STATE, io.letterbox.keys.StateKey.meta("group-vanished"))).join();

    box = Letterbox.open(store, config().build());

    assertThat(groupHistory(DAVE, gid)).containsExactly("before");
    assertThat(item(DAVE, ConversationRef.group(gid)).lastMessage().id()).isEqualTo(before.id());
    assertThat(groupUnread(DAVE, gid)).containsEntry("pc", 1L).containsEntry("mobile", 1L);
  }

  @Test
  void aDurationOutOfRangeIsRefusedAndChangesNothing() {
    send(ALICE, BOB, "hi");
    for (Duration refused : new Duration[] {Duration.ofSeconds(4), Duration.ofHours(-1), Duration.ZERO,
        Duration.ofDays(366)}) {
      assertThat(refusal(() -> box.conversations().setDisappearAfter(ALICE, ConversationRef.peer(BOB), refused)))
          .as("%s", refused).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    }
    assertThat(item(ALICE, ConversationRef.peer(BOB)).disappearAfter()).isNull();
    assertThat(box.conversations().setDisappearAfter(ALICE, ConversationRef.peer(BOB), Duration.ofSeconds(5)).join()
        .disappearAfter()).as("the shortest").isEqualTo(Duration.ofSeconds(5));
    assertThat(box.conversations().setDisappearAfter(ALICE, ConversationRef.peer(BOB), Duration.ofDays(365)).join()
        .disappearAfter()).as("the longest").isEqualTo(Duration.ofDays(365));
  }
}
