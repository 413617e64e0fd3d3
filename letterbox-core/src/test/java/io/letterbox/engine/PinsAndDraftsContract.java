package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.replay.Replayer;
import io.letterbox.model.Conversation;
import io.letterbox.model.ConversationRef;
import io.letterbox.model.GroupRole;
import io.letterbox.model.Message;
import io.letterbox.model.Erasure;
import io.letterbox.store.KeyValueStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Pinned messages and drafts (decision 0050): a one-to-one conversation's pins are one set both
 * parties share, at most 50; a group's are its owner's and admins'; each message is read as its
 * reader reads it by id. A draft is its owner's, carried by the conversation's item. A replay of
 * the log derives the same rows. On every backend.
 */
public abstract class PinsAndDraftsContract extends EngineFixture {

  private List<Long> pins(long uid, long peer) {
    return box.pins().ofConversation(uid, peer).stream().map(Message::id).toList();
  }

  private List<Long> groupPins(long uid, long gid) {
    return box.pins().ofGroup(uid, gid).stream().map(Message::id).toList();
  }

  private String draft(long owner, long peer) {
    return box.conversations().get(owner, ConversationRef.peer(peer)).draft();
  }

  @Test
  void eitherPartyPinsAndBothSeeTheSamePinsNewestPinFirst() {
    Message hers = send(ALICE, BOB, "hers");
    Message his = send(BOB, ALICE, "his");
    box.pins().pin(ALICE, BOB, hers.id(), true).join();
    box.pins().pin(BOB, ALICE, his.id(), true).join();
    box.pins().pin(BOB, ALICE, his.id(), true).join();

    assertThat(pins(ALICE, BOB)).containsExactly(his.id(), hers.id());
    assertThat(pins(BOB, ALICE)).containsExactly(his.id(), hers.id());

    box.pins().pin(BOB, ALICE, hers.id(), false).join();
    box.pins().pin(BOB, ALICE, hers.id(), false).join();
    assertThat(pins(ALICE, BOB)).containsExactly(his.id());
    assertThat(pins(BOB, ALICE)).containsExactly(his.id());
    assertThat(pins(ALICE, CAROL)).isEmpty();
  }

  @Test
  void aFiftyFirstPinIsRefusedAndChangesNothing() {
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < 51; i++) {
      ids.add(send(i % 2 == 0 ? ALICE : BOB, i % 2 == 0 ? BOB : ALICE, "m" + i).id());
    }
    for (int i = 0; i < 50; i++) {
      box.pins().pin(i % 2 == 0 ? ALICE : BOB, i % 2 == 0 ? BOB : ALICE, ids.get(i), true).join();
    }
    List<Long> fifty = pins(ALICE, BOB);
    assertThat(fifty).hasSize(50);

    assertThat(refusal(() -> box.pins().pin(BOB, ALICE, ids.get(50), true).join())).isEqualTo(ErrorCode.TOO_MANY_PINS);
    assertThat(pins(ALICE, BOB)).isEqualTo(fifty);
    assertThat(pins(BOB, ALICE)).isEqualTo(fifty);

    box.pins().pin(ALICE, BOB, ids.get(0), false).join();
    box.pins().pin(BOB, ALICE, ids.get(50), true).join();
    assertThat(pins(BOB, ALICE)).hasSize(50).startsWith(ids.get(50)).doesNotContain(ids.get(0));
  }

  @Test
  void aMessageOfAnotherConversationOrOneTheUserCannotSeeIsNotFoundAndChangesNothing() {
    Message toCarol = send(ALICE, CAROL, "to carol");
    Message toBob = send(ALICE, BOB, "to bob");
    assertThat(refusal(() -> box.pins().pin(ALICE, BOB, toCarol.id(), true).join())).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.pins().pin(DAVE, BOB, toBob.id(), true).join())).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.pins().pin(ALICE, BOB, toBob.id() + 1, true).join())).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(pins(ALICE, BOB)).isEmpty();
    assertThat(pins(ALICE, CAROL)).isEmpty();

    // A pin stays the conversation's when one party deletes the message for itself: the other
    // still sees it pinned, the one who deleted it does not, and cannot pin it again.
    box.pins().pin(ALICE, BOB, toBob.id(), true).join();
    box.messages().delete(BOB, toBob.id()).join();
    assertThat(pins(ALICE, BOB)).containsExactly(toBob.id());
    assertThat(pins(BOB, ALICE)).isEmpty();
    assertThat(refusal(() -> box.pins().pin(BOB, ALICE, toBob.id(), false).join())).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(pins(ALICE, BOB)).containsExactly(toBob.id());
  }

  @Test
  void aPinnedMessageRecalledLaterReadsRecalled() {
    Message m = send(ALICE, BOB, "oops");
    box.pins().pin(BOB, ALICE, m.id(), true).join();
    box.messages().recall(ALICE, m.id()).join();
    List<Message> pinned = box.pins().ofConversation(BOB, ALICE);
    assertThat(pinned).hasSize(1);
    assertThat(pinned.get(0).status()).isEqualTo(Message.Status.RECALLED);
    assertThat(pinned.get(0).text()).isEmpty();
  }

  @Test
  void aGroupsOwnerAndAdminsPinAndEveryMemberSeesThePins() {
    long gid = box.groups().create(CAROL, "team", new long[] {BOB, DAVE}, false).join().group().id();
    Message first = post(gid, DAVE, "first");
    Message second = post(gid, BOB, "second");
    Message elsewhere = send(ALICE, BOB, "one-to-one");

    assertThat(refusal(() -> box.pins().pinInGroup(gid, BOB, first.id(), true).join())).isEqualTo(ErrorCode.NOT_GROUP_ADMIN);
    assertThat(refusal(() -> box.pins().pinInGroup(gid, ALICE, first.id(), true).join())).isEqualTo(ErrorCode.NOT_MEMBER);
    assertThat(refusal(() -> box.pins().pinInGroup(gid, CAROL, elsewhere.id(), true).join())).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(groupPins(DAVE, gid)).isEmpty();

    box.pins().pinInGroup(gid, CAROL, first.id(), true).join();
    box.groups().setMembers(gid, CAROL, new long[] {BOB}, GroupRole.ADMIN).join();
    box.pins().pinInGroup(gid, BOB, second.id(), true).join();
    for (long member : new long[] {CAROL, BOB, DAVE}) {
      assertThat(groupPins(member, gid)).as("member %d", member).containsExactly(second.id(), first.id());
    }
    assertThat(refusal(() -> groupPins(ALICE, gid))).isEqualTo(ErrorCode.NOT_MEMBER);
    assertThat(refusal(() -> box.pins().pinInGroup(gid, DAVE, first.id(), false).join()))
        .isEqualTo(ErrorCode.NOT_GROUP_ADMIN);
    box.pins().pinInGroup(gid, BOB, first.id(), false).join();
    assertThat(groupPins(DAVE, gid)).containsExactly(second.id());
  }

  @Test
  void aDraftIsCarriedByTheItemInTheListAndClearedByEmptyText() {
    send(ALICE, BOB, "hi");
    assertThat(draft(ALICE, BOB)).isNull();
    box.conversations().setDraft(ALICE, BOB, "see you").join();
    assertThat(draft(ALICE, BOB)).isEqualTo("see you");
    assertThat(box.conversations().list(ALICE, null, 10).items().get(0).draft()).isEqualTo("see you");
    assertThat(draft(BOB, ALICE)).as("the peer's item").isNull();

    box.conversations().setDraft(ALICE, BOB, "").join();
    assertThat(draft(ALICE, BOB)).isNull();
    assertThat(box.conversations().list(ALICE, null, 10).items().get(0).draft()).isNull();
  }

  @Test
  void anOwnerWithManyDraftsSeesEachInItsListItem() {
    long[] peers = new long[70];
    for (int i = 0; i < peers.length; i++) {
      peers[i] = 9_000 + i;
      send(ALICE, peers[i], "hi " + i);
      box.conversations().setDraft(ALICE, peers[i], "draft " + i).join();
    }
    List<Conversation> items = box.conversations().list(ALICE, null, 100).items();

    assertThat(items).hasSize(peers.length);
    assertThat(items).allSatisfy(c -> assertThat(c.draft()).isEqualTo("draft " + (c.peer() - 9_000)));
    box.conversations().setDraft(ALICE, peers[3], "").join();
    assertThat(draft(ALICE, peers[3])).isNull();
    assertThat(draft(ALICE, peers[4])).isEqualTo("draft 4");
  }

  @Test
  void aDraftOverTheTextLimitIsRefusedAndChangesNothing() {
    reopen(config().maxTextLength(10));
    send(ALICE, BOB, "hi");
    box.conversations().setDraft(ALICE, BOB, "0123456789").join();
    assertThat(refusal(() -> box.conversations().setDraft(ALICE, BOB, "0123456789x").join()))
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.conversations().setDraft(ALICE, BOB, null).join())).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(draft(ALICE, BOB)).isEqualTo("0123456789");
  }

  @Test
  void aDraftForAPeerWithNoConversationYetShowsOnceTheConversationIsListed() {
    box.conversations().setDraft(ALICE, BOB, "first words").join();
    assertThat(peers(ALICE)).isEmpty();
    send(BOB, ALICE, "hello");
    Conversation item = box.conversations().list(ALICE, null, 10).items().get(0);
    assertThat(item.peer()).isEqualTo(BOB);
    assertThat(item.draft()).isEqualTo("first words");
  }

  @Test
  void anErasedUsersDraftsAreGone() {
    send(ALICE, BOB, "hi");
    box.conversations().setDraft(ALICE, BOB, "zqxdraft").join();
    box.conversations().setDraft(ALICE, CAROL, "zqxdraft too").join();
    Erasure started = box.erasures().erase(ALICE).join();
    Awaitility.await("erasure").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(10))
        .until(() -> box.erasures().find(started.id()).orElseThrow(), Erasure::done);
    assertThat(box.conversations().list(ALICE, null, 10).items()).allSatisfy(c -> assertThat(c.draft()).isNull());
    assertThat(contents(store).get("drafts")).isEmpty();
  }

  @Test
  void aRebuildDerivesThePinsAndDraftsLiveWritingMade() {
    Message a = send(ALICE, BOB, "a");
    Message b = send(BOB, ALICE, "b");
    box.pins().pin(ALICE, BOB, a.id(), true).join();
    box.pins().pin(BOB, ALICE, b.id(), true).join();
    box.pins().pin(BOB, ALICE, a.id(), false).join();
    long gid = box.groups().create(CAROL, "team", new long[] {BOB}, false).join().group().id();
    Message p = post(gid, BOB, "post");
    box.pins().pinInGroup(gid, CAROL, p.id(), true).join();
    box.conversations().setDraft(ALICE, BOB, "kept").join();
    box.conversations().setDraft(BOB, ALICE, "cleared").join();
    box.conversations().setDraft(BOB, ALICE, "").join();
    box.close();
    Map<String, List<String>> live = contents(store);
    assertThat(live.get("pins")).hasSize(2);
    assertThat(live.get("group_pins")).hasSize(1);
    assertThat(live.get("drafts")).hasSize(1);

    Replayer.rebuild(store, config().build(), n -> {});

    assertThat(contents(store)).isEqualTo(live);
    box = Letterbox.open(store, config().build());
    assertThat(pins(ALICE, BOB)).containsExactly(b.id());
    assertThat(groupPins(BOB, gid)).containsExactly(p.id());
    assertThat(draft(ALICE, BOB)).isEqualTo("kept");
  }

  @Test
  void partiesOnDifferentPartitionsShareTheirPinsAndARebuildDerivesTheSame() throws Exception {
    KeyValueStore partitioned = newStore();
    reopen(partitioned, config().newStorePartitions(8));
    long[] users = {ALICE, BOB, CAROL, DAVE, 1_000_000_005L, 1_000_000_006L, 1_000_000_007L};
    for (int i = 0; i < users.length; i++) {
      for (int j = i + 1; j < users.length; j++) {
        long a = users[i];
        long b = users[j];
        Message first = send(a, b, "first");
        Message second = send(b, a, "second");
        box.pins().pin(b, a, first.id(), true).join();
        box.pins().pin(a, b, second.id(), true).join();
        box.pins().pin(a, b, first.id(), false).join();
        assertThat(pins(a, b)).as("%d with %d", a, b).containsExactly(second.id());
        assertThat(pins(b, a)).as("%d with %d", b, a).containsExactly(second.id());
      }
    }
    box.close();
    Map<String, List<String>> live = contents(partitioned);
    Replayer.rebuild(partitioned, config().build(), n -> {});
    assertThat(contents(partitioned)).isEqualTo(live);
    box = Letterbox.open(partitioned, config().build());
  }

  private String groupDraft(long owner, long gid) {
    return box.conversations().get(owner, ConversationRef.group(gid)).draft();
  }

  @Test
  void aMembersGroupDraftIsCarriedByItsGroupItemInTheListAndClearedByEmptyText() {
    long gid = box.groups().create(CAROL, "team", new long[] {BOB}, false).join().group().id();
    send(BOB, gid, "a one-to-one conversation with a peer whose uid is the group's id");
    box.conversations().setGroupDraft(BOB, gid, "see you all").join();

    assertThat(groupDraft(BOB, gid)).isEqualTo("see you all");
    assertThat(draft(BOB, gid)).as("the one-to-one conversation with that uid").isNull();
    assertThat(box.conversations().list(BOB, null, 10).items())
        .filteredOn(c -> c.group() == gid).singleElement().extracting(Conversation::draft).isEqualTo("see you all");
    assertThat(groupDraft(CAROL, gid)).as("another member's item").isNull();

    box.conversations().setGroupDraft(BOB, gid, "").join();
    assertThat(groupDraft(BOB, gid)).isNull();
    assertThat(box.conversations().list(BOB, null, 10).items()).allSatisfy(c -> assertThat(c.draft()).isNull());
  }

  @Test
  void aNonMembersGroupDraftIsRefusedAndChangesNothing() {
    long gid = box.groups().create(CAROL, "team", new long[] {BOB}, false).join().group().id();
    assertThat(refusal(() -> box.conversations().setGroupDraft(ALICE, gid, "let me in").join()))
        .isEqualTo(ErrorCode.NOT_MEMBER);
    assertThat(refusal(() -> box.conversations().setGroupDraft(ALICE, gid + 1, "no group").join()))
        .isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(contents(store).getOrDefault("drafts", List.of())).isEmpty();
  }

  @Test
  void aGroupDraftOverTheTextLimitIsRefusedAndChangesNothing() {
    reopen(config().maxTextLength(10));
    long gid = box.groups().create(CAROL, "team", new long[] {BOB}, false).join().group().id();
    box.conversations().setGroupDraft(BOB, gid, "0123456789").join();
    assertThat(refusal(() -> box.conversations().setGroupDraft(BOB, gid, "0123456789x").join()))
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(groupDraft(BOB, gid)).isEqualTo("0123456789");
  }

  @Test
  void aMembersOtherDevicesAreToldOfItsGroupDraftByAConversationEventNamingTheGroup() {
    long gid = box.groups().create(CAROL, "team", new long[] {BOB}, false).join().group().id();
    box.conversations().setState(BOB, ConversationRef.group(gid), true, null, null).join();
    String at = box.events().sync(BOB, null, 100).next();
    box.conversations().setGroupDraft(BOB, gid, "typing away").join();
    box.conversations().setGroupDraft(BOB, gid, "typing away").join();

    List<io.letterbox.model.Event> events = box.events().sync(BOB, at, 100).events();
    assertThat(events).singleElement().isInstanceOfSatisfying(io.letterbox.model.Event.ConversationChanged.class, c -> {
      assertThat(c.group()).isEqualTo(gid);
      assertThat(c.peer()).isZero();
      assertThat(c.pinned()).as("the member's setting of the group").isTrue();
    });
  }

  @Test
  void anErasedUsersGroupDraftsAreGone() {
    long gid = box.groups().create(CAROL, "team", new long[] {ALICE}, false).join().group().id();
    box.conversations().setGroupDraft(ALICE, gid, "zqxgroupdraft").join();
    Erasure started = box.erasures().erase(ALICE).join();
    Awaitility.await("erasure").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(10))
        .until(() -> box.erasures().find(started.id()).orElseThrow(), Erasure::done);
    assertThat(contents(store).getOrDefault("drafts", List.of())).isEmpty();
  }

  @Test
  void aRebuildDerivesTheGroupDraftsLiveWritingMade() {
    long gid = box.groups().create(CAROL, "team", new long[] {BOB}, false).join().group().id();
    box.conversations().setGroupDraft(BOB, gid, "kept").join();
    box.conversations().setGroupDraft(CAROL, gid, "cleared").join();
    box.conversations().setGroupDraft(CAROL, gid, "").join();
    box.close();
    Map<String, List<String>> live = contents(store);
    assertThat(live.get("drafts")).hasSize(1);

    Replayer.rebuild(store, config().build(), n -> {});

    assertThat(contents(store)).isEqualTo(live);
    box = Letterbox.open(store, config().build());
    assertThat(groupDraft(BOB, gid)).isEqualTo("kept");
  }

  @Test
  void aGroupPinTellsTheConnectedMembersByAConversationEventNamingTheGroup() {
    long gid = box.groups().create(CAROL, "team", new long[] {BOB, DAVE}, false).join().group().id();
    box.conversations().setState(DAVE, ConversationRef.group(gid), null, true, null).join();
    Map<Long, List<io.letterbox.model.Event>> told = Map.of(BOB, new java.util.concurrent.CopyOnWriteArrayList<>(),
        DAVE, new java.util.concurrent.CopyOnWriteArrayList<>());
    List<AutoCloseable> streams = new ArrayList<>();
    try {
      for (long member : told.keySet()) {
        streams.add(box.events().stream(member, null, collecting(told.get(member))));
      }
      Message p = post(gid, BOB, "pin me");
      Awaitility.await("the streams are live").atMost(Duration.ofMinutes(1))
          .until(() -> told.values().stream().allMatch(events -> !events.isEmpty()));

      box.pins().pinInGroup(gid, CAROL, p.id(), true).join();

      for (long member : told.keySet()) {
        Awaitility.await("member " + member).atMost(Duration.ofMinutes(1)).until(() -> told.get(member).stream()
            .anyMatch(io.letterbox.model.Event.ConversationChanged.class::isInstance));
        assertThat(told.get(member)).filteredOn(io.letterbox.model.Event.ConversationChanged.class::isInstance)
            .singleElement().isInstanceOfSatisfying(io.letterbox.model.Event.ConversationChanged.class, c -> {
              assertThat(c.group()).isEqualTo(gid);
              assertThat(c.peer()).isZero();
              assertThat(c.muted()).as("member %d's setting of the group", member).isEqualTo(member == DAVE);
            });
      }
    } finally {
      for (AutoCloseable s : streams) {
        try {
          s.close();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }
    }
  }
}
