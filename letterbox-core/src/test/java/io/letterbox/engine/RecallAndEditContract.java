package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.model.ConversationRef;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Audience;
import io.letterbox.model.Broadcast;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.Message;
import io.letterbox.store.KeyRange;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Recall and edit by the sender within their windows, seen by every party (decision 0009), on every backend. */
public abstract class RecallAndEditContract extends EngineFixture {

  private Message newest(long owner, long peer) {
    return box.conversations().history(owner, ConversationRef.peer(peer), null, 1).items().get(0);
  }

  private Message listed(long owner) {
    return box.conversations().list(owner, null, 10).items().get(0).lastMessage();
  }

  private long rows(io.letterbox.store.Space space) {
    long[] n = {0};
    store.scan(space, new KeyRange(new byte[0], null), false, (k, v) -> {
      n[0]++;
      return true;
    });
    return n[0];
  }

  @Test
  void aRecalledMessageIsRecalledForBothPartiesInHistoryListsAndByIdEvenAfterARestart() {
    Message m = send(ALICE, BOB, "oops, wrong person");

    Message recalled = box.messages().recall(ALICE, m.id()).join();

    assertThat(recalled.recalled()).isTrue();
    assertThat(recalled.text()).isEmpty();
    assertThat(recalled.id()).isEqualTo(m.id());
    for (int restart = 0; restart < 2; restart++) {
      for (long owner : new long[] {ALICE, BOB}) {
        long peer = owner == ALICE ? BOB : ALICE;
        assertThat(newest(owner, peer)).isEqualTo(recalled);
        assertThat(listed(owner)).isEqualTo(recalled);
        assertThat(box.messages().find(owner, m.id())).contains(recalled);
      }
      reopen(config());
    }
  }

  @Test
  void anEditedMessageShowsItsNewTextAndWhenToEveryParty() {
    Message first = send(ALICE, BOB, "see you at 5");
    Message second = send(ALICE, BOB, "at the cafe");
    clock.advance(Duration.ofMinutes(3));

    Message edited = box.messages().edit(ALICE, first.id(), "see you at 6").join();
    Message editedLast = box.messages().edit(ALICE, second.id(), "at the library").join();

    assertThat(edited.text()).isEqualTo("see you at 6");
    assertThat(edited.editedAt()).isEqualTo(clock.millis());
    assertThat(edited.recalled()).isFalse();
    for (long owner : new long[] {ALICE, BOB}) {
      long peer = owner == ALICE ? BOB : ALICE;
      assertThat(box.conversations().history(owner, ConversationRef.peer(peer), null, 10).items()).containsExactly(editedLast, edited);
      assertThat(listed(owner)).isEqualTo(editedLast);
    }
  }

  @Test
  void onlyTheSenderMayRecallOrEditAndOthersLearnNothing() {
    Message m = send(ALICE, BOB, "mine");

    assertThat(refusal(() -> box.messages().recall(BOB, m.id()).join())).isEqualTo(ErrorCode.NOT_SENDER);
    assertThat(refusal(() -> box.messages().edit(BOB, m.id(), "yours").join())).isEqualTo(ErrorCode.NOT_SENDER);
    assertThat(refusal(() -> box.messages().recall(CAROL, m.id()).join())).as("a stranger cannot see it").isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.messages().recall(ALICE, m.id() + 1).join())).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(newest(BOB, ALICE)).isEqualTo(m);
  }

  @Test
  void theWindowsCloseAfterRecallWindowAndEditWindow() {
    Message m = send(ALICE, BOB, "hello");

    clock.advance(Duration.ofMinutes(2).plusMillis(1));
    assertThat(refusal(() -> box.messages().recall(ALICE, m.id()).join())).isEqualTo(ErrorCode.RECALL_WINDOW_PASSED);
    assertThat(box.messages().edit(ALICE, m.id(), "hello there").join().text()).isEqualTo("hello there");
    clock.advance(Duration.ofMinutes(13));
    assertThat(refusal(() -> box.messages().edit(ALICE, m.id(), "hi").join())).isEqualTo(ErrorCode.EDIT_WINDOW_PASSED);
    assertThat(newest(BOB, ALICE).text()).isEqualTo("hello there");
  }

  @Test
  void recallingTwiceAnswersTheRecalledMessageAndLogsNothingNew() {
    Message m = send(ALICE, BOB, "twice");
    Message recalled = box.messages().recall(ALICE, m.id()).join();
    long logged = rows(Spaces.LOG);

    assertThat(box.messages().recall(ALICE, m.id()).join()).isEqualTo(recalled);
    assertThat(rows(Spaces.LOG)).isEqualTo(logged);
    assertThat(refusal(() -> box.messages().edit(ALICE, m.id(), "back").join())).as("a recalled message stays recalled")
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
  }

  @Test
  void aBroadcastIsRecalledByOneRowForAllItsReceivers() {
    for (long receiver : new long[] {BOB, CAROL, DAVE}) {
      box.relations().follow(receiver, NEWS).join();
    }
    Broadcast b = done(box.broadcasts().send(new BroadcastRequest(NEWS, "wrong headline", new Audience.Followers(), null, null))
        .join());

    Message recalled = box.messages().recall(NEWS, b.id()).join();

    assertThat(rows(Spaces.REVISIONS)).isEqualTo(1);
    for (long receiver : new long[] {BOB, CAROL, DAVE}) {
      assertThat(newest(receiver, NEWS)).isEqualTo(recalled);
      assertThat(listed(receiver)).isEqualTo(recalled);
    }
    assertThat(refusal(() -> box.messages().recall(BOB, b.id()).join())).isEqualTo(ErrorCode.NOT_SENDER);
  }

  @Test
  void aRevisionStaysAfterItsMessageSettlesPastTheHorizonAndInTheCache() {
    Message m = send(ALICE, BOB, "draft");
    assertThat(newest(BOB, ALICE).text()).as("cached while it can still change").isEqualTo("draft");
    box.messages().edit(ALICE, m.id(), "final").join();
    assertThat(newest(BOB, ALICE).text()).as("the cached young message is revised on read").isEqualTo("final");

    clock.advance(config().build().revisionHorizon().plusMinutes(1));

    assertThat(newest(BOB, ALICE).text()).isEqualTo("final");
    assertThat(newest(BOB, ALICE).text()).as("settled in the cache").isEqualTo("final");
    reopen(config());
    assertThat(newest(BOB, ALICE).text()).as("read once more, from the store").isEqualTo("final");
  }
}
