package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.blob.Blobs;
import io.letterbox.model.ConversationRef;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Conversation;
import io.letterbox.model.Extras;
import io.letterbox.model.Group;
import io.letterbox.model.GroupMember;
import io.letterbox.model.GroupPost;
import io.letterbox.model.GroupRefusal;
import io.letterbox.model.GroupRole;
import io.letterbox.model.Message;
import io.letterbox.model.NewGroup;
import io.letterbox.model.Page;
import io.letterbox.model.SendResult;
import io.letterbox.model.UnreadSummary;
import io.letterbox.model.UserSettings;
import io.letterbox.model.Vetted;
import io.letterbox.store.KeyRange;
import io.letterbox.store.Space;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Groups by read diffusion (decision 0011), on every backend, over four partitions so that a
 * group, its creator and its members are decided by different partitions.
 */
public abstract class GroupContract extends EngineFixture {
  private static final long ERIN = 1_000_000_005L;

  @Override
  protected LetterboxConfig.Builder config() {
    return super.config().partitions(4);
  }

  private Group create(long by, long... members) {
    return box.groups().create(by, "team", members, false).join().group();
  }

  private Message post(long gid, long from, String text, Long... mentions) {
    return box.groups().post(new GroupPost(gid, from, text, List.of(mentions), null, Extras.TEXT)).join().message();
  }

  private Conversation item(long owner, long gid) {
    return box.conversations().list(owner, null, 100).items().stream().filter(c -> c.group() == gid).findFirst().orElseThrow();
  }

  private long unread(long owner, long gid, String device) {
    return box.conversations().unread(owner, device).conversations().stream().filter(c -> c.group() == gid)
        .mapToLong(UnreadSummary.PeerCount::count).sum();
  }

  /** Every row of {@code space}, as text. */
  private List<String> rows(Space space) {
    List<String> out = new ArrayList<>();
    store.scan(space, new KeyRange(new byte[0], null), false, (k, v) ->
        out.add(HexFormat.of().formatHex(k) + "=" + HexFormat.of().formatHex(v)));
    return out;
  }

  @Test
  void aGroupMessageIsStoredOnceAndEveryMemberSeesIt() {
    Group g = create(ALICE, BOB, CAROL);

    Message m = post(g.id(), BOB, "hello team");

    assertThat(m.kind()).isEqualTo(Message.Kind.GROUP);
    assertThat(m.to()).isEqualTo(g.id());
    assertThat(rows(Spaces.GROUP_TIMELINE)).hasSize(1);
    for (long member : new long[] {ALICE, BOB, CAROL}) {
      assertThat(groupHistory(member, g.id())).containsExactly("hello team");
      assertThat(item(member, g.id()).lastMessage()).isEqualTo(m);
      assertThat(box.messages().find(member, m.id())).contains(m);
    }
    assertThat(box.messages().find(DAVE, m.id())).isEmpty();
    assertThat(box.groups().get(g.id())).isEqualTo(new Group(g.id(), "team", ALICE, 3, false));
  }

  @Test
  void unreadIsExactPerMemberAndDeviceAndAPostWritesNothingPerMember() {
    Group g = create(ALICE, BOB, CAROL);
    post(g.id(), BOB, "one");
    List<String> membershipsBefore = rows(Spaces.MEMBERSHIPS);

    Message two = post(g.id(), BOB, "two");
    post(g.id(), BOB, "three");

    List<String> changed = new ArrayList<>(rows(Spaces.MEMBERSHIPS));
    changed.removeAll(membershipsBefore);
    assertThat(changed).as("only the poster's own row moves (its positions)").hasSizeLessThanOrEqualTo(1);
    assertThat(unread(ALICE, g.id(), "pc")).isEqualTo(3);
    assertThat(unread(BOB, g.id(), "pc")).as("one's own posts are not unread").isZero();
    assertThat(item(CAROL, g.id()).unread()).isEqualTo(Map.of("pc", 3L, "mobile", 3L));

    box.conversations().markRead(ALICE, ConversationRef.group(g.id()), "pc", two.id()).join();

    assertThat(unread(ALICE, g.id(), "pc")).isEqualTo(1);
    assertThat(unread(ALICE, g.id(), "mobile")).isEqualTo(3);
    assertThat(box.conversations().unread(ALICE, "pc").total()).isEqualTo(1);
    box.conversations().markRead(ALICE, ConversationRef.group(g.id()), "pc", null).join();
    assertThat(unread(ALICE, g.id(), "pc")).isZero();
  }

  @Test
  void newMembersSeeFromTheirJoinUnlessTheGroupShowsThemAll() {
    Group fromJoin = create(ALICE, BOB);
    Group all = box.groups().create(ALICE, "open", new long[] {BOB}, true).join().group();
    post(fromJoin.id(), ALICE, "before");
    post(all.id(), ALICE, "before");

    box.groups().setMembers(fromJoin.id(), ALICE, new long[] {CAROL}, GroupRole.MEMBER).join();
    box.groups().setMembers(all.id(), ALICE, new long[] {CAROL}, GroupRole.MEMBER).join();
    post(fromJoin.id(), BOB, "after");
    post(all.id(), BOB, "after");

    assertThat(groupHistory(CAROL, fromJoin.id())).containsExactly("after");
    assertThat(unread(CAROL, fromJoin.id(), "pc")).isEqualTo(1);
    assertThat(groupHistory(CAROL, all.id())).containsExactly("after", "before");
    assertThat(unread(CAROL, all.id(), "pc")).isEqualTo(2);
  }

  @Test
  void aRemovedMemberKeepsWhatItSawUntilItsRemovalAndNothingAfter() {
    Group g = create(ALICE, BOB, CAROL);
    Message seen = post(g.id(), BOB, "seen");

    box.groups().removeMember(g.id(), ALICE, CAROL).join();
    Message after = post(g.id(), BOB, "after removal");

    assertThat(groupHistory(CAROL, g.id())).containsExactly("seen");
    assertThat(item(CAROL, g.id()).lastMessage()).isEqualTo(seen);
    assertThat(unread(CAROL, g.id(), "pc")).isEqualTo(1);
    assertThat(box.messages().find(CAROL, after.id())).isEmpty();
    assertThat(refusal(() -> post(g.id(), CAROL, "still here?"))).isEqualTo(ErrorCode.NOT_MEMBER);
    assertThat(box.groups().members(g.id(), null, 10).items()).extracting(GroupMember::uid).containsExactly(ALICE, BOB);
    assertThat(box.groups().get(g.id()).members()).isEqualTo(2);
  }

  @Test
  void onlyTheOwnerAndAdminsAdministerAndARefusalChangesNothing() {
    Group g = create(ALICE, BOB, CAROL);
    List<String> before = rows(Spaces.GROUPS);

    assertThat(refusal(() -> box.groups().setMembers(g.id(), BOB, new long[] {DAVE}, GroupRole.MEMBER).join()))
        .isEqualTo(ErrorCode.NOT_GROUP_ADMIN);
    assertThat(refusal(() -> box.groups().removeMember(g.id(), BOB, CAROL).join())).isEqualTo(ErrorCode.NOT_GROUP_ADMIN);
    assertThat(refusal(() -> box.groups().rename(g.id(), BOB, "mine").join())).isEqualTo(ErrorCode.NOT_GROUP_ADMIN);
    assertThat(refusal(() -> box.groups().removeMember(g.id(), BOB, ALICE).join())).as("the owner removed")
        .isEqualTo(ErrorCode.NOT_GROUP_ADMIN);
    assertThat(refusal(() -> box.groups().removeMember(g.id(), ALICE, DAVE).join())).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> post(g.id(), DAVE, "let me in"))).isEqualTo(ErrorCode.NOT_MEMBER);
    assertThat(refusal(() -> post(g.id() + 1, ALICE, "nowhere"))).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.conversations().history(DAVE, ConversationRef.group(g.id()), null, 10))).isEqualTo(ErrorCode.NOT_MEMBER);

    assertThat(rows(Spaces.GROUPS)).isEqualTo(before);
    assertThat(rows(Spaces.GROUP_TIMELINE)).isEmpty();
  }

  @Test
  void anAdminAddsAndRemovesMembersAndTheOwnerHandsTheGroupOverBeforeLeaving() {
    Group g = create(ALICE, BOB, CAROL);
    box.groups().setMembers(g.id(), ALICE, new long[] {BOB}, GroupRole.ADMIN).join();

    box.groups().setMembers(g.id(), BOB, new long[] {DAVE, ERIN}, GroupRole.MEMBER).join();
    box.groups().removeMember(g.id(), BOB, ERIN).join();
    box.groups().rename(g.id(), BOB, "renamed").join();
    box.groups().setMembers(g.id(), ALICE, new long[] {CAROL}, GroupRole.OWNER).join();
    box.groups().removeMember(g.id(), ALICE, ALICE).join();

    assertThat(box.groups().get(g.id())).isEqualTo(new Group(g.id(), "renamed", CAROL, 3, false));
    assertThat(box.groups().members(g.id(), null, 10).items()).extracting(GroupMember::uid, GroupMember::role)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(BOB, GroupRole.ADMIN),
            org.assertj.core.groups.Tuple.tuple(CAROL, GroupRole.OWNER),
            org.assertj.core.groups.Tuple.tuple(DAVE, GroupRole.MEMBER));
  }

  @Test
  void aFullGroupTakesNoMoreMembers() throws Exception {
    reopen(newStore(), config().maxGroupMembers(3));
    assertThat(refusal(() -> box.groups().create(ALICE, "big", new long[] {BOB, CAROL, DAVE}, false).join()))
        .isEqualTo(ErrorCode.GROUP_FULL);
    Group g = create(ALICE, BOB, CAROL);

    assertThat(refusal(() -> box.groups().setMembers(g.id(), ALICE, new long[] {DAVE}, GroupRole.MEMBER).join()))
        .isEqualTo(ErrorCode.GROUP_FULL);
    box.groups().setMembers(g.id(), ALICE, new long[] {BOB}, GroupRole.ADMIN).join();
    assertThat(box.groups().get(g.id()).members()).isEqualTo(3);
  }

  @Test
  void membersArePagedInUidOrderWithACursor() {
    long[] many = java.util.stream.LongStream.rangeClosed(10, 34).toArray();
    Group g = box.groups().create(ALICE, "many", many, false).join().group();
    List<Long> seen = new ArrayList<>();
    String cursor = null;
    do {
      Page<GroupMember> page = box.groups().members(g.id(), cursor, 10);
      page.items().forEach(m -> seen.add(m.uid()));
      cursor = page.next();
    } while (cursor != null);

    List<Long> expected = new ArrayList<>(java.util.stream.LongStream.rangeClosed(10, 34).boxed().toList());
    expected.add(ALICE);
    assertThat(seen).isEqualTo(expected);
  }

  @Test
  void aMentionFlagsTheMentionedMembersItemUntilItReadsIt() {
    Group g = create(ALICE, BOB, CAROL);

    Message m = post(g.id(), BOB, "@carol look", CAROL, DAVE);

    assertThat(m.extras().mentions()).as("a non-member is not mentioned").containsExactly(CAROL);
    assertThat(item(CAROL, g.id()).mentioned()).isTrue();
    assertThat(item(ALICE, g.id()).mentioned()).isFalse();
    box.conversations().markRead(CAROL, ConversationRef.group(g.id()), "pc", null).join();
    box.conversations().markRead(CAROL, ConversationRef.group(g.id()), "mobile", null).join();
    assertThat(item(CAROL, g.id()).mentioned()).isFalse();
  }

  @Test
  void aVettedPostStoresItsReplacedContentAndItsKeyStandsForThePostAsAsked() {
    Group g = create(ALICE, BOB);
    GroupPost asked = new GroupPost(g.id(), BOB, "raw words", List.of(), "k1", Extras.TEXT);
    assertThat(box.groups().postKeyUsed(g.id(), BOB, "k1")).isFalse();

    SendResult first = box.groups().post(new Vetted<>(asked,
        new GroupPost(g.id(), BOB, "clean words", List.of(), "k1", Extras.TEXT)), Blobs.SERVICE).join();
    SendResult again = box.groups().post(asked).join();

    assertThat(box.groups().postKeyUsed(g.id(), BOB, "k1")).isTrue();
    assertThat(again.created()).isFalse();
    assertThat(again.message()).isEqualTo(first.message());
    assertThat(groupHistory(ALICE, g.id())).containsExactly("clean words");
  }

  @Test
  void aRepeatedIdempotencyKeyReturnsTheFirstPostAndStoresNothing() {
    Group g = create(ALICE, BOB);
    GroupPost p = new GroupPost(g.id(), BOB, "once", List.of(), "k1", Extras.TEXT);

    SendResult first = box.groups().post(p).join();
    SendResult again = box.groups().post(p).join();

    assertThat(first.created()).isTrue();
    assertThat(again.created()).isFalse();
    assertThat(again.message()).isEqualTo(first.message());
    assertThat(groupHistory(ALICE, g.id())).containsExactly("once");
    assertThat(refusal(() -> box.groups().post(new GroupPost(g.id(), BOB, "other", List.of(), "k1", Extras.TEXT)).join()))
        .isEqualTo(ErrorCode.IDEMPOTENCY_CONFLICT);
  }

  @Test
  void groupsAreMergedIntoTheConversationListByActivityAndPagedWithoutRepeats() {
    // Ids of different partitions are ordered by their millisecond only: each step in its own.
    Group quiet = create(ALICE, BOB);
    clock.advance(java.time.Duration.ofSeconds(1));
    send(CAROL, ALICE, "1:1 first");
    clock.advance(java.time.Duration.ofSeconds(1));
    Group busy = create(DAVE, ALICE);
    clock.advance(java.time.Duration.ofSeconds(1));
    post(busy.id(), DAVE, "newest");

    List<Conversation> items = box.conversations().list(ALICE, null, 100).items();

    assertThat(items).extracting(Conversation::group, Conversation::peer).containsExactly(
        org.assertj.core.groups.Tuple.tuple(busy.id(), 0L),
        org.assertj.core.groups.Tuple.tuple(0L, CAROL),
        org.assertj.core.groups.Tuple.tuple(quiet.id(), 0L));
    assertThat(items.get(2).lastMessage()).as("a group with no message yet, at its join").isNull();
    List<Long> paged = new ArrayList<>();
    String cursor = null;
    do {
      Page<Conversation> page = box.conversations().list(ALICE, cursor, 1);
      page.items().forEach(c -> paged.add(c.group() != 0 ? -c.group() : c.peer()));
      cursor = page.next();
    } while (cursor != null);
    assertThat(paged).containsExactly(-busy.id(), CAROL, -quiet.id());
  }

  @Test
  void theSendersRecallReachesEveryMember() {
    Group g = create(ALICE, BOB, CAROL);
    Message m = post(g.id(), BOB, "oops");

    Message recalled = box.messages().recall(BOB, m.id()).join();

    assertThat(recalled.recalled()).isTrue();
    for (long member : new long[] {ALICE, BOB, CAROL}) {
      assertThat(box.conversations().history(member, ConversationRef.group(g.id()), null, 10).items()).containsExactly(recalled);
    }
  }

  @Test
  void anAdminRecallsAMembersMessageForEveryoneAndAMemberCannot() {
    Group g = create(ALICE, BOB, CAROL, DAVE);
    box.groups().setMembers(g.id(), ALICE, new long[] {CAROL}, GroupRole.ADMIN).join();
    Message m = post(g.id(), BOB, "spam");

    assertThat(refusal(() -> box.messages().recall(DAVE, m.id()).join())).isEqualTo(ErrorCode.NOT_GROUP_ADMIN);
    assertThat(refusal(() -> box.messages().recall(ERIN, m.id()).join())).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(box.conversations().history(DAVE, ConversationRef.group(g.id()), null, 10).items()).containsExactly(m);
    Message recalled = box.messages().recall(CAROL, m.id()).join();

    assertThat(recalled.recalled()).isTrue();
    for (long member : new long[] {ALICE, BOB, CAROL, DAVE}) {
      assertThat(box.conversations().history(member, ConversationRef.group(g.id()), null, 10).items()).containsExactly(recalled);
      assertThat(item(member, g.id()).lastMessage()).isEqualTo(recalled);
    }
    reopen(config());
    assertThat(box.conversations().history(DAVE, ConversationRef.group(g.id()), null, 10).items()).containsExactly(recalled);
    clock.advance(java.time.Duration.ofMinutes(3));
    Message late = post(g.id(), BOB, "late");
    clock.advance(java.time.Duration.ofMinutes(3));
    assertThat(refusal(() -> box.messages().recall(ALICE, late.id()).join())).isEqualTo(ErrorCode.RECALL_WINDOW_PASSED);
  }

  @Test
  void groupsAndTheirUnreadCountsSurviveARestart() {
    Group g = create(ALICE, BOB, CAROL);
    post(g.id(), BOB, "one");
    post(g.id(), CAROL, "two");
    box.conversations().markRead(ALICE, ConversationRef.group(g.id()), "pc", null).join();

    reopen(config());

    assertThat(groupHistory(ALICE, g.id())).containsExactly("two", "one");
    assertThat(unread(ALICE, g.id(), "pc")).isZero();
    assertThat(unread(ALICE, g.id(), "mobile")).isEqualTo(2);
    assertThat(post(g.id(), ALICE, "three").text()).isEqualTo("three");
    assertThat(unread(BOB, g.id(), "pc")).isEqualTo(2);
  }

  @Test
  void aGroupPostReachesEveryMembersSyncOnceAndWritesNoFeedRowPerMember() {
    Group g = create(ALICE, BOB, CAROL);
    String bob = box.events().sync(BOB, null, 100).next();
    String dave = box.events().sync(DAVE, null, 100).next();
    long feedRows = rows(Spaces.FEED).size();

    Message m = post(g.id(), CAROL, "to all of you");

    assertThat(rows(Spaces.FEED).size()).isEqualTo(feedRows);
    io.letterbox.model.SyncPage page = box.events().sync(BOB, bob, 100);
    assertThat(page.events()).hasSize(1);
    assertThat(((io.letterbox.model.Event.MessageArrived) page.events().get(0)).message()).isEqualTo(m);
    assertThat(box.events().sync(BOB, page.next(), 100).events()).as("nothing twice").isEmpty();
    assertThat(box.events().sync(DAVE, dave, 100).events()).as("not a member").isEmpty();
    clock.advance(java.time.Duration.ofMinutes(1));
    assertThat(box.events().sync(BOB, page.next(), 100).events()).as("nor once the mark passes it").isEmpty();
  }

  @Test
  void aConnectedMemberGetsAGroupPostAndItsRecallLiveAndNoSyncGivesThePostAgain() {
    Group g = create(ALICE, BOB);
    List<io.letterbox.model.Event> events = java.util.Collections.synchronizedList(new ArrayList<>());
    try (var stream = box.events().stream(BOB, null, collecting(events))) {
      Message m = post(g.id(), ALICE, "live");

      org.awaitility.Awaitility.await().atMost(java.time.Duration.ofMinutes(1)).until(() -> events.size() >= 1);
      var arrived = (io.letterbox.model.Event.MessageArrived) events.get(0);
      assertThat(arrived.message()).isEqualTo(m);
      assertThat(box.events().sync(BOB, arrived.position(), 100).events()).as("given already").isEmpty();

      box.messages().recall(ALICE, m.id()).join();
      org.awaitility.Awaitility.await().atMost(java.time.Duration.ofMinutes(1)).until(() -> events.size() >= 2);
      var recalled = (io.letterbox.model.Event.Recalled) events.get(1);
      assertThat(recalled.group()).isEqualTo(g.id());
      assertThat(recalled.id()).isEqualTo(m.id());
      box.messages().recall(ALICE, m.id()).join();
      post(g.id(), ALICE, "after");
      org.awaitility.Awaitility.await().atMost(java.time.Duration.ofMinutes(1)).until(() -> events.size() >= 3);
      assertThat(events.get(2)).as("the second recall is not given again").isInstanceOf(
          io.letterbox.model.Event.MessageArrived.class);
    }
  }

  @Test
  void aConnectedMemberIsToldLiveOfAnAdminsRecallOfAnotherMembersMessage() {
    Group g = create(ALICE, BOB, CAROL);
    box.groups().setMembers(g.id(), ALICE, new long[] {CAROL}, GroupRole.ADMIN).join();
    Message m = post(g.id(), BOB, "spam");
    // Past the window in which a stream's catch-up gives recent posts again, as they are now.
    clock.advance(io.letterbox.engine.feed.FeedReader.BROADCAST_DELAY.plusSeconds(1));
    List<io.letterbox.model.Event> events = java.util.Collections.synchronizedList(new ArrayList<>());
    try (var stream = box.events().stream(ALICE, null, collecting(events))) {
      box.messages().recall(CAROL, m.id()).join();

      org.awaitility.Awaitility.await().atMost(java.time.Duration.ofMinutes(1)).until(() -> !events.isEmpty());
      assertThat(events).singleElement().isInstanceOfSatisfying(io.letterbox.model.Event.Recalled.class, recalled -> {
        assertThat(recalled.group()).isEqualTo(g.id());
        assertThat(recalled.id()).isEqualTo(m.id());
      });
    }
  }

  @Test
  void aMemberDeletesAMessageFromItsOwnViewOnlyAndItsUnreadDropsOnTheDevicesThatHadNotReadIt() {
    Group g = create(ALICE, BOB, CAROL);
    Message first = post(g.id(), BOB, "first");
    Message second = post(g.id(), BOB, "second");
    box.conversations().markRead(ALICE, ConversationRef.group(g.id()), "pc", first.id()).join();

    box.messages().delete(ALICE, second.id()).join();

    assertThat(groupHistory(ALICE, g.id())).containsExactly("first");
    assertThat(item(ALICE, g.id()).lastMessage()).isEqualTo(first);
    assertThat(item(ALICE, g.id()).unread()).isEqualTo(Map.of("pc", 0L, "mobile", 1L));
    assertThat(box.messages().find(ALICE, second.id())).isEmpty();
    assertThat(groupHistory(CAROL, g.id())).as("the others keep it").containsExactly("second", "first");
    assertThat(unread(CAROL, g.id(), "pc")).isEqualTo(2);
    assertThat(refusal(() -> box.messages().delete(ALICE, second.id()).join())).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.messages().delete(DAVE, first.id()).join())).isEqualTo(ErrorCode.NOT_FOUND);

    Message third = post(g.id(), BOB, "third");
    box.conversations().markRead(ALICE, ConversationRef.group(g.id()), "mobile", null).join();
    assertThat(item(ALICE, g.id()).unread()).isEqualTo(Map.of("pc", 1L, "mobile", 0L));
    assertThat(groupHistory(ALICE, g.id())).containsExactly("third", "first");
    assertThat(item(ALICE, g.id()).lastMessage()).isEqualTo(third);
  }

  @Test
  void aCappedSenderPostsToAGroupAsToOneReceiverAndAFullCapChangesNothing() {
    Group g = create(ALICE, BOB);
    Group other = create(ALICE, BOB);
    box.broadcasts().setCap(BOB, new io.letterbox.model.FrequencyCap(1, java.time.Duration.ofDays(1))).join();
    post(g.id(), BOB, "one a day");
    List<String> groupsBefore = rows(Spaces.GROUPS);

    assertThat(refusal(() -> post(g.id(), BOB, "another"))).isEqualTo(ErrorCode.FREQUENCY_CAPPED);

    assertThat(rows(Spaces.GROUPS)).isEqualTo(groupsBefore);
    assertThat(post(other.id(), BOB, "to another group").text()).as("another receiver").isEqualTo("to another group");
    assertThat(post(g.id(), ALICE, "uncapped").text()).isEqualTo("uncapped");
    clock.advance(java.time.Duration.ofDays(1));
    assertThat(post(g.id(), BOB, "next day").text()).isEqualTo("next day");
  }

  @Test
  void aPinnedGroupIsListedFirstAMutedOneStaysOutOfTheTotalAndAnArchivedOneComesBackOnANewMessage() {
    Group pinned = create(ALICE, BOB);
    Group muted = create(ALICE, BOB);
    Group archived = create(ALICE, BOB);
    post(pinned.id(), BOB, "old news");
    clock.advance(java.time.Duration.ofSeconds(1));
    post(muted.id(), BOB, "chatter");
    post(archived.id(), BOB, "done");
    clock.advance(java.time.Duration.ofSeconds(1));
    send(CAROL, ALICE, "newest 1:1");

    assertThat(box.conversations().setState(ALICE, ConversationRef.group(pinned.id()), true, null, null).join().pinned()).isTrue();
    box.conversations().setState(ALICE, ConversationRef.group(muted.id()), null, true, null).join();
    Conversation a = box.conversations().setState(ALICE, ConversationRef.group(archived.id()), null, null, true).join();

    assertThat(a.archived()).isTrue();
    List<Conversation> list = box.conversations().list(ALICE, null, 100).items();
    assertThat(list).extracting(c -> c.group() != 0 ? -c.group() : c.peer())
        .containsExactly(-pinned.id(), CAROL, -muted.id());
    assertThat(box.conversations().list(ALICE, io.letterbox.model.Folder.ARCHIVED, null, 100).items())
        .extracting(Conversation::group).containsExactly(archived.id());
    UnreadSummary unread = box.conversations().unread(ALICE, "pc");
    assertThat(unread.total()).as("3 unread, the muted group's not counted").isEqualTo(3);
    assertThat(unread.conversations()).hasSize(4);

    clock.advance(java.time.Duration.ofSeconds(1));
    post(archived.id(), BOB, "reopened");
    assertThat(box.conversations().list(ALICE, null, 1).items().get(0).group()).as("back, at the top after the pin")
        .isEqualTo(pinned.id());
    assertThat(box.conversations().list(ALICE, null, 100).items()).extracting(Conversation::group).contains(archived.id());
    assertThat(box.conversations().list(ALICE, io.letterbox.model.Folder.ARCHIVED, null, 100).items()).isEmpty();
    assertThat(box.conversations().get(ALICE, ConversationRef.group(archived.id())).archived()).isFalse();
    assertThat(refusal(() -> box.conversations().setState(DAVE, ConversationRef.group(pinned.id()), true, null, null).join()))
        .isEqualTo(ErrorCode.NOT_MEMBER);
  }

  @Test
  void aMembersSyncTellsItWhenItJoinsAndLeavesAGroup() {
    String alice = box.events().sync(ALICE, null, 100).next();
    String carol = box.events().sync(CAROL, null, 100).next();
    Group g = create(BOB, ALICE);

    box.groups().setMembers(g.id(), BOB, new long[] {CAROL}, GroupRole.MEMBER).join();
    box.groups().removeMember(g.id(), BOB, ALICE).join();

    assertThat(box.events().sync(ALICE, alice, 100).events()).extracting(e -> (Object) e.getClass().getSimpleName(),
        e -> ((io.letterbox.model.Event.GroupChanged) e).joined())
        .containsExactly(org.assertj.core.groups.Tuple.tuple("GroupChanged", true),
            org.assertj.core.groups.Tuple.tuple("GroupChanged", false));
    List<io.letterbox.model.Event> carols = box.events().sync(CAROL, carol, 100).events();
    assertThat(carols).hasSize(1);
    assertThat(((io.letterbox.model.Event.GroupChanged) carols.get(0)).group()).isEqualTo(g.id());
  }

  // --- consent, leaving, settings (decision 0023) ---

  private static GroupRefusal refused(long uid, GroupRefusal.Reason reason) {
    return new GroupRefusal(uid, reason);
  }

  private List<Long> memberUids(long gid) {
    return box.groups().members(gid, null, 100).items().stream().map(GroupMember::uid).toList();
  }

  private boolean listsGroup(long owner, long gid) {
    return box.conversations().list(owner, null, 100).items().stream().anyMatch(c -> c.group() == gid);
  }

  @Test
  void addingAUserWhoBlockedTheAdderRefusesIt() {
    box.relations().block(CAROL, ALICE, true).join();

    NewGroup created = box.groups().create(ALICE, "team", new long[] {BOB, CAROL}, false).join();
    long gid = created.group().id();
    post(gid, ALICE, "hello @carol", CAROL);

    assertThat(created.refused()).containsExactly(refused(CAROL, GroupRefusal.Reason.BLOCKED));
    assertThat(created.group().members()).isEqualTo(2);
    assertThat(memberUids(gid)).containsExactly(ALICE, BOB);
    assertThat(listsGroup(CAROL, gid)).isFalse();
    assertThat(box.conversations().unread(CAROL, "pc").total()).isZero();
    assertThat(refusal(() -> box.conversations().history(CAROL, ConversationRef.group(gid), null, 10))).isEqualTo(ErrorCode.NOT_MEMBER);

    assertThat(box.groups().setMembers(gid, ALICE, new long[] {CAROL, DAVE}, GroupRole.MEMBER).join())
        .containsExactly(refused(CAROL, GroupRefusal.Reason.BLOCKED));
    assertThat(memberUids(gid)).containsExactly(ALICE, BOB, DAVE);
    box.groups().setMembers(gid, ALICE, new long[] {BOB}, GroupRole.ADMIN).join();
    assertThat(box.groups().setMembers(gid, BOB, new long[] {CAROL}, GroupRole.MEMBER).join())
        .as("carol blocked alice, not bob").isEmpty();
    assertThat(memberUids(gid)).containsExactly(ALICE, BOB, CAROL, DAVE);
  }

  @Test
  void aRefusedAddChangesNothing() {
    Group g = create(ALICE, BOB);
    box.relations().block(CAROL, ALICE, true).join();
    List<String> groups = rows(Spaces.GROUPS);
    List<String> memberships = rows(Spaces.MEMBERSHIPS);

    assertThat(box.groups().setMembers(g.id(), ALICE, new long[] {CAROL}, GroupRole.MEMBER).join())
        .containsExactly(refused(CAROL, GroupRefusal.Reason.BLOCKED));

    assertThat(rows(Spaces.GROUPS)).isEqualTo(groups);
    assertThat(rows(Spaces.MEMBERSHIPS)).isEqualTo(memberships);
  }

  @Test
  void groupAddsFollowingAdmitsOnlyFollowedAdders() {
    box.relations().setUserSettings(CAROL, new UserSettings.Change(UserSettings.GroupAdds.FOLLOWING)).join();
    box.relations().follow(CAROL, BOB).join();
    box.relations().setUserSettings(DAVE, new UserSettings.Change(UserSettings.GroupAdds.NOBODY)).join();

    NewGroup byAlice = box.groups().create(ALICE, "a", new long[] {CAROL, DAVE}, false).join();
    NewGroup byBob = box.groups().create(BOB, "b", new long[] {CAROL, DAVE}, false).join();
    NewGroup byDave = box.groups().create(DAVE, "d", new long[] {ALICE}, false).join();

    assertThat(byAlice.refused()).containsExactly(refused(CAROL, GroupRefusal.Reason.NOT_ALLOWED),
        refused(DAVE, GroupRefusal.Reason.NOT_ALLOWED));
    assertThat(memberUids(byAlice.group().id())).containsExactly(ALICE);
    assertThat(byBob.refused()).as("carol follows bob").containsExactly(refused(DAVE, GroupRefusal.Reason.NOT_ALLOWED));
    assertThat(memberUids(byBob.group().id())).containsExactly(BOB, CAROL);
    assertThat(byDave.refused()).as("one that takes no adds still creates groups").isEmpty();
    assertThat(memberUids(byDave.group().id())).containsExactly(ALICE, DAVE);
  }

  @Test
  void userSettingsDefaultToEveryoneAndAChangeKeepsWhatItDoesNotName() {
    assertThat(box.relations().userSettings(ALICE)).isEqualTo(UserSettings.DEFAULT);
    assertThat(UserSettings.DEFAULT.groupAdds()).isEqualTo(UserSettings.GroupAdds.EVERYONE);

    UserSettings set = box.relations().setUserSettings(ALICE, new UserSettings.Change(UserSettings.GroupAdds.NOBODY)).join();

    assertThat(set).isEqualTo(new UserSettings(UserSettings.GroupAdds.NOBODY));
    assertThat(box.relations().userSettings(ALICE)).isEqualTo(set);
    assertThat(box.relations().userSettings(BOB)).isEqualTo(UserSettings.DEFAULT);
    assertThat(refusal(() -> box.relations().setUserSettings(ALICE, new UserSettings.Change(null)))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    reopen(config());
    assertThat(box.relations().userSettings(ALICE)).isEqualTo(set);
  }

  @Test
  void theOwnerLeavingPassesOwnershipToTheLongestStandingAdmin() {
    Group g = create(ALICE, BOB, CAROL);
    clock.advance(java.time.Duration.ofMinutes(1));
    box.groups().setMembers(g.id(), ALICE, new long[] {ERIN}, GroupRole.ADMIN).join();
    clock.advance(java.time.Duration.ofMinutes(1));
    box.groups().setMembers(g.id(), ALICE, new long[] {DAVE}, GroupRole.ADMIN).join();

    box.groups().removeMember(g.id(), ALICE, ALICE).join();

    assertThat(box.groups().get(g.id()).owner()).as("erin has been an admin longer than dave").isEqualTo(ERIN);
    assertThat(box.groups().get(g.id()).members()).isEqualTo(4);
    assertThat(refusal(() -> post(g.id(), ALICE, "still here?"))).isEqualTo(ErrorCode.NOT_MEMBER);

    box.groups().removeMember(g.id(), ERIN, ERIN).join();
    assertThat(box.groups().get(g.id()).owner()).isEqualTo(DAVE);
    box.groups().removeMember(g.id(), DAVE, DAVE).join();
    assertThat(box.groups().get(g.id()).owner()).as("no admin left: the longest-standing member, bob before carol by uid")
        .isEqualTo(BOB);
    assertThat(box.groups().members(g.id(), null, 10).items()).extracting(GroupMember::uid, GroupMember::role)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(BOB, GroupRole.OWNER),
            org.assertj.core.groups.Tuple.tuple(CAROL, GroupRole.MEMBER));
  }

  @Test
  void theLastMemberLeavingRemovesTheGroup() {
    Group g = create(ALICE, BOB);
    post(g.id(), BOB, "hello");
    box.groups().removeMember(g.id(), BOB, BOB).join();

    box.groups().removeMember(g.id(), ALICE, ALICE).join();

    assertThat(refusal(() -> box.groups().get(g.id()))).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.groups().members(g.id(), null, 10))).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> post(g.id(), ALICE, "anyone?"))).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.groups().rename(g.id(), ALICE, "back").join())).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.groups().setMembers(g.id(), ALICE, new long[] {BOB}, GroupRole.MEMBER).join()))
        .isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.groups().removeMember(g.id(), ALICE, ALICE).join())).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.conversations().history(CAROL, ConversationRef.group(g.id()), null, 10))).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(groupHistory(ALICE, g.id())).as("former members keep what they saw").containsExactly("hello");
    assertThat(groupHistory(BOB, g.id())).containsExactly("hello");
  }
}
