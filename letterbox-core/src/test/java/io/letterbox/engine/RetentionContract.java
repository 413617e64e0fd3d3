package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.letterbox.engine.replay.Replayer;
import io.letterbox.model.Conversation;
import io.letterbox.model.ConversationRef;
import io.letterbox.model.Message;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Retention (decision 0045): messages older than {@code messageRetention} vanish for everyone,
 * their content gone from every space, with exact lists and unread counts; users on legal hold
 * keep theirs. On every backend.
 */
public abstract class RetentionContract extends EngineFixture {
  private static final Duration RETENTION = Duration.ofDays(30);

  private LetterboxConfig.Builder retained() {
    // The change feed keeps the sends' events past the retention: a rebuild derives them as live.
    return config().messageRetention(RETENTION).syncRetention(Duration.ofDays(60));
  }

  private void keepFor30Days() {
    reopen(retained());
  }

  private Conversation with(long owner, long peer) {
    return box.conversations().list(owner, null, 10).items().stream().filter(c -> c.peer() == peer).findFirst()
        .orElseThrow();
  }

  @Test
  void messagesPastTheRetentionVanishForBothPartiesWithListsUnreadCountsAndSearchExact() {
    keepFor30Days();
    Message old = send(ALICE, BOB, "zqxold offer");
    Message older = send(BOB, ALICE, "zqxold answer");
    Message unreadOld = send(ALICE, BOB, "zqxold unread");
    awaitIndexed(BOB, "zqxold", unreadOld.id());
    clock.advance(Duration.ofDays(20));
    Message fresh = send(ALICE, BOB, "still here");
    clock.advance(Duration.ofDays(11));
    assertThat(box.conversations().unread(BOB, "pc").total()).isEqualTo(3);

    assertThat(box.retention().sweep()).as("removals asked for").isEqualTo(3);

    for (int restart = 0; restart < 2; restart++) {
      for (long owner : new long[] {ALICE, BOB}) {
        long peer = owner == ALICE ? BOB : ALICE;
        assertThat(history(owner, peer)).as("history of %d", owner).containsExactly("still here");
        assertThat(with(owner, peer).lastMessage().id()).isEqualTo(fresh.id());
        assertThat(foundIds(owner, "zqxold")).isEmpty();
        for (long id : new long[] {old.id(), older.id(), unreadOld.id()}) {
          assertThat(box.messages().find(owner, id)).as("message %d for %d", id, owner).isEmpty();
        }
      }
      assertThat(box.conversations().unread(BOB, "pc").total()).as("Bob's unread").isEqualTo(1);
      assertThat(box.conversations().unread(BOB, "mobile").total()).isEqualTo(1);
      assertThat(with(BOB, ALICE).unread()).containsEntry("pc", 1L);
      assertThat(ByteSearch.spacesHolding(store, "zqx")).as("spaces still holding a removed text").isEmpty();
      reopen(retained());
    }
    assertThat(box.retention().sweep()).as("a second sweep").isZero();
  }

  @Test
  void scheduledMessagesSentRefusedOrCancelledLeaveNoTextOfTheirOwnPastTheRetention() {
    keepFor30Days();
    schedule(ALICE, BOB, "zqxscheduled and sent", Duration.ofMinutes(1));
    schedule(ALICE, CAROL, "zqxscheduled and refused", Duration.ofMinutes(1));
    box.schedules().cancel(ALICE, schedule(ALICE, BOB, "zqxscheduled and cancelled", Duration.ofMinutes(5)).id()).join();
    box.relations().block(CAROL, ALICE, true).join();
    clock.advance(Duration.ofMinutes(1));
    Awaitility.await("decided").atMost(Duration.ofSeconds(30))
        .until(() -> scheduled(ALICE).stream().noneMatch(s -> s.pending()) && history(BOB, ALICE).size() == 1);
    assertThat(scheduled(ALICE)).as("the refused one, listed with its receiver and code").singleElement()
        .satisfies(s -> assertThat(s.to()).isEqualTo(CAROL));
    clock.advance(RETENTION.plusDays(1));

    box.retention().sweep();

    assertThat(history(BOB, ALICE)).isEmpty();
    assertThat(ByteSearch.spacesHolding(store, "zqx")).as("spaces still holding a scheduled text").isEmpty();
    box.close();
    Map<String, List<String>> live = contents(store);
    Replayer.rebuild(store, retained().build(), n -> {});
    assertThat(contents(store)).as("rebuilt rows").isEqualTo(live);
    box = Letterbox.open(store, retained().build());
  }

  @Test
  void groupPostsPastTheRetentionVanishForEveryMemberWithUnreadCountsListsAndSearchExactAndARebuildDerivesTheSame() {
    keepFor30Days();
    long gid = box.groups().create(CAROL, "team", new long[] {BOB, DAVE}, false).join().group().id();
    post(gid, BOB, "zqxold one");
    Message two = post(gid, CAROL, "zqxold two");
    // Bob's computer reads past both, his phone only his own; Dave reads nothing.
    box.conversations().markRead(BOB, ConversationRef.group(gid), "pc", two.id()).join();
    awaitIndexed(DAVE, "zqxold", two.id());
    clock.advance(Duration.ofDays(20));
    Message fresh = post(gid, CAROL, "still here");
    clock.advance(Duration.ofDays(11));
    assertThat(groupUnread(DAVE, gid)).containsEntry("pc", 3L).containsEntry("mobile", 3L);
    assertThat(groupUnread(BOB, gid)).containsEntry("pc", 1L).containsEntry("mobile", 2L);

    assertThat(box.retention().sweep()).as("removals asked for").isEqualTo(2);

    for (int restart = 0; restart < 2; restart++) {
      for (long member : new long[] {CAROL, BOB, DAVE}) {
        assertThat(groupHistory(member, gid)).as("history of %d", member).containsExactly("still here");
        assertThat(box.conversations().get(member, ConversationRef.group(gid)).lastMessage().id())
            .isEqualTo(fresh.id());
        assertThat(foundIds(member, "zqxold")).isEmpty();
        assertThat(box.messages().find(member, two.id())).isEmpty();
      }
      assertThat(groupUnread(DAVE, gid)).as("Dave's").containsEntry("pc", 1L).containsEntry("mobile", 1L);
      assertThat(groupUnread(BOB, gid)).as("Bob's, read past them on one device")
          .containsEntry("pc", 1L).containsEntry("mobile", 1L);
      assertThat(groupUnread(CAROL, gid)).containsEntry("pc", 0L).containsEntry("mobile", 0L);
      assertThat(box.conversations().unread(DAVE, "pc").total()).isEqualTo(1);
      assertThat(ByteSearch.spacesHolding(store, "zqx")).as("spaces still holding a removed text").isEmpty();
      reopen(retained());
    }
    box.close();
    Map<String, List<String>> live = contents(store);

    Replayer.rebuild(store, retained().build(), n -> {});

    assertThat(contents(store)).isEqualTo(live);
    box = Letterbox.open(store, retained().build());
    assertThat(groupHistory(DAVE, gid)).containsExactly("still here");
    assertThat(groupUnread(BOB, gid)).containsEntry("pc", 1L).containsEntry("mobile", 1L);
  }

  @Test
  void importedHistoryPastTheRetentionVanishesTooButNotAHeldUsers() {
    keepFor30Days();
    java.time.Instant now = clock.instant();
    List<Long> ids = box.messages().importHistory(List.of(
        new io.letterbox.model.ImportedMessage(ALICE, BOB, "zqxancient import", now.minus(Duration.ofDays(400))),
        new io.letterbox.model.ImportedMessage(CAROL, DAVE, "held import", now.minus(Duration.ofDays(300))),
        new io.letterbox.model.ImportedMessage(BOB, ALICE, "recent import", now.minus(Duration.ofDays(10))))).join();
    box.erasures().hold(DAVE, true).join();

    assertThat(box.retention().sweep()).as("removals asked for").isEqualTo(1);

    for (int restart = 0; restart < 2; restart++) {
      assertThat(history(ALICE, BOB)).containsExactly("recent import");
      assertThat(history(BOB, ALICE)).containsExactly("recent import");
      assertThat(box.messages().find(BOB, ids.get(0))).isEmpty();
      assertThat(history(DAVE, CAROL)).containsExactly("held import");
      assertThat(ByteSearch.spacesHolding(store, "zqx")).as("spaces still holding a removed text").isEmpty();
      reopen(retained());
    }
    box.erasures().hold(DAVE, false).join();
    assertThat(box.retention().sweep()).as("once the hold is lifted").isEqualTo(1);
    assertThat(history(DAVE, CAROL)).isEmpty();
  }

  @Test
  void aRebuildAfterTheSweepDerivesWhatTheLiveSweepLeft() {
    keepFor30Days();
    send(ALICE, BOB, "zqxgone");
    send(BOB, CAROL, "zqxgone too");
    clock.advance(Duration.ofDays(29));
    send(CAROL, BOB, "kept");
    clock.advance(Duration.ofDays(2));
    box.retention().sweep();
    box.close();
    Map<String, List<String>> live = contents(store);

    Replayer.rebuild(store, retained().build(), n -> {});

    assertThat(contents(store)).isEqualTo(live);
    box = Letterbox.open(store, retained().build());
    assertThat(history(BOB, CAROL)).containsExactly("kept");
  }

  @Test
  void aUserOnHoldKeepsItsConversationsPastTheRetentionUntilTheHoldIsLifted() {
    keepFor30Days();
    send(ALICE, BOB, "held one");
    send(CAROL, DAVE, "not held");
    send(DAVE, ALICE, "held two");
    clock.advance(Duration.ofDays(31));
    box.erasures().hold(ALICE, true).join();

    assertThat(box.retention().sweep()).isEqualTo(1);

    assertThat(history(BOB, ALICE)).containsExactly("held one");
    assertThat(history(ALICE, DAVE)).containsExactly("held two");
    assertThat(history(DAVE, CAROL)).isEmpty();

    box.erasures().hold(ALICE, false).join();
    assertThat(box.retention().sweep()).as("once lifted").isEqualTo(2);
    assertThat(history(BOB, ALICE)).isEmpty();
    assertThat(history(ALICE, DAVE)).isEmpty();
  }

  @Test
  void aSweepResumesFromItsPositionAfterARestartAndNothingIsSweptWithoutARetention() {
    send(ALICE, BOB, "forever");
    clock.advance(Duration.ofDays(400));
    assertThat(box.retention().sweep()).as("no retention").isZero();
    assertThat(history(BOB, ALICE)).containsExactly("forever");

    keepFor30Days();
    assertThat(box.retention().sweep()).isEqualTo(1);
    send(ALICE, BOB, "newer");
    reopen(retained());
    assertThat(box.retention().sweep()).as("after a restart").isZero();
    clock.advance(Duration.ofDays(31));
    assertThat(box.retention().sweep()).isEqualTo(1);
    assertThat(history(BOB, ALICE)).isEmpty();
  }

  @Test
  void aRetentionLongerThanMessageIdsGoBackRemovesNothing() {
    send(ALICE, BOB, "kept");
    reopen(config().messageRetention(Duration.ofDays(365 * 40)));

    assertThat(box.retention().sweep()).isZero();

    assertThat(history(BOB, ALICE)).containsExactly("kept");
  }

  @Test
  void aRetentionShorterThanADayIsRefused() {
    assertThatThrownBy(() -> config().messageRetention(Duration.ofHours(23)).build())
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> config().messageRetention(Duration.ofDays(-1)).build())
        .isInstanceOf(IllegalArgumentException.class);
  }
}
