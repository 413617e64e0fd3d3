package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.model.ConversationRef;
import io.letterbox.engine.feed.EventStreams;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Audience;
import io.letterbox.model.Broadcast;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.Event;
import io.letterbox.model.Message;
import io.letterbox.model.SyncPage;
import io.letterbox.store.KeyRange;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** Each owner's change feed (decision 0010): sync from a position, and live streams, on every backend. */
public abstract class FeedContract extends EngineFixture {

  private String now(long owner) {
    return box.events().sync(owner, null, 100).next();
  }

  /** Every event after {@code since}, page by page. */
  private List<Event> all(long owner, String since, int limit) {
    List<Event> out = new ArrayList<>();
    String at = since;
    while (true) {
      SyncPage page = box.events().sync(owner, at, limit);
      assertThat(page.events().size()).isLessThanOrEqualTo(limit);
      out.addAll(page.events());
      at = page.next();
      if (!page.more()) {
        return out;
      }
    }
  }

  private long feedRows() {
    long[] n = {0};
    store.scan(Spaces.FEED, new KeyRange(new byte[0], null), false, (k, v) -> {
      n[0]++;
      return true;
    });
    return n[0];
  }

  private static List<String> kinds(List<Event> events) {
    return events.stream().map(e -> e.getClass().getSimpleName()).toList();
  }

  @Test
  void aSyncWithoutAPositionGivesThePositionNowAndNoEvents() {
    send(ALICE, BOB, "before");

    SyncPage page = box.events().sync(BOB, null, 100);

    assertThat(page.events()).isEmpty();
    assertThat(page.more()).isFalse();
    assertThat(box.events().sync(BOB, page.next(), 100).events()).isEmpty();
  }

  @Test
  void bothPartiesLearnOfAMessageOnceWithItsContent() {
    String alice = now(ALICE);
    String bob = now(BOB);

    Message m = send(ALICE, BOB, "hello");

    for (String[] owner : new String[][] {{"alice", alice}, {"bob", bob}}) {
      long uid = owner[0].equals("alice") ? ALICE : BOB;
      SyncPage page = box.events().sync(uid, owner[1], 100);
      assertThat(page.events()).hasSize(1);
      assertThat(((Event.MessageArrived) page.events().get(0)).message()).isEqualTo(m);
      assertThat(box.events().sync(uid, page.events().get(0).position(), 100).events()).as("nothing twice").isEmpty();
      assertThat(box.events().sync(uid, page.next(), 100).events()).as("nothing twice").isEmpty();
    }
  }

  @Test
  void everyKindOfChangeComesInTheOrderItHappened() {
    String bob = now(BOB);
    Message first = send(ALICE, BOB, "one");
    Message second = send(ALICE, BOB, "two");
    box.conversations().markRead(BOB, ConversationRef.peer(ALICE), "mobile", second.id()).join();
    box.conversations().setState(BOB, ConversationRef.peer(ALICE), true, null, null).join();
    box.messages().edit(ALICE, second.id(), "two, edited").join();
    box.messages().recall(ALICE, first.id()).join();
    box.messages().delete(BOB, second.id()).join();
    box.conversations().delete(BOB, ALICE).join();
    box.conversations().deleteAll(BOB).join();

    List<Event> events = all(BOB, bob, 100);

    assertThat(kinds(events)).containsExactly("MessageArrived", "MessageArrived", "Read", "ConversationChanged",
        "Edited", "Recalled", "Deleted", "Deleted", "Deleted");
    Event.Read read = (Event.Read) events.get(2);
    assertThat(read).extracting(Event.Read::peer, Event.Read::byPeer, Event.Read::device, Event.Read::upTo)
        .containsExactly(ALICE, false, "mobile", second.id());
    assertThat(((Event.ConversationChanged) events.get(3)).pinned()).isTrue();
    assertThat(((Event.Edited) events.get(4)).message().text()).isEqualTo("two, edited");
    assertThat(((Event.Recalled) events.get(5)).id()).isEqualTo(first.id());
    assertThat(((Event.Deleted) events.get(6)).id()).isEqualTo(second.id());
    assertThat(((Event.Deleted) events.get(7))).extracting(Event.Deleted::peer, Event.Deleted::id)
        .containsExactly(ALICE, 0L);
    assertThat(((Event.Deleted) events.get(8)).peer()).isZero();
  }

  @Test
  void theSenderLearnsThatThePeerReadItsMessages() {
    Message m = send(ALICE, BOB, "did you see this?");
    String alice = now(ALICE);

    box.conversations().markRead(BOB, ConversationRef.peer(ALICE), "pc", m.id()).join();

    List<Event> events = all(ALICE, alice, 100);
    assertThat(events).hasSize(1);
    Event.Read receipt = (Event.Read) events.get(0);
    assertThat(receipt.byPeer()).isTrue();
    assertThat(receipt.peer()).isEqualTo(BOB);
    assertThat(receipt.upTo()).isEqualTo(m.id());
  }

  @Test
  void pagesOfAnyLimitGiveEveryEventOnceAndInOrder() {
    String bob = now(BOB);
    List<Long> sent = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      sent.add(send(i % 2 == 0 ? ALICE : CAROL, BOB, "m" + i).id());
    }

    for (int limit : new int[] {1, 2, 3, 100}) {
      List<Long> ids = all(BOB, bob, limit).stream().map(e -> ((Event.MessageArrived) e).message().id()).toList();
      assertThat(ids).as("limit %d", limit).isEqualTo(sent);
    }
  }

  @Test
  void aPositionStaysValidAcrossARestart() {
    send(ALICE, BOB, "before");
    String bob = now(BOB);

    reopen(config());
    Message after = send(ALICE, BOB, "after the restart");

    List<Event> events = all(BOB, bob, 100);
    assertThat(events).hasSize(1);
    assertThat(((Event.MessageArrived) events.get(0)).message()).isEqualTo(after);
  }

  @Test
  void aBroadcastReachesItsReceiversSyncOnceAndWritesNoFeedRowPerReceiver() {
    box.relations().follow(BOB, NEWS).join();
    box.relations().follow(CAROL, NEWS).join();
    String bob = now(BOB);
    String dave = now(DAVE);
    long rows = feedRows();

    Broadcast b = done(box.broadcasts().send(new BroadcastRequest(NEWS, "news for followers", new Audience.Followers(),
        BroadcastRequest.Priority.NORMAL, null)).join());

    assertThat(feedRows()).isEqualTo(rows);
    SyncPage page = box.events().sync(BOB, bob, 100);
    assertThat(page.events()).hasSize(1);
    assertThat(((Event.MessageArrived) page.events().get(0)).message().id()).isEqualTo(b.id());
    assertThat(box.events().sync(BOB, page.next(), 100).events()).as("nothing twice").isEmpty();
    assertThat(box.events().sync(DAVE, dave, 100).events()).as("not in its audience").isEmpty();
    clock.advance(Duration.ofMinutes(1));
    assertThat(box.events().sync(BOB, page.next(), 100).events()).as("nor once the mark passes it").isEmpty();
  }

  @Test
  void aBroadcastRevisedAfterAReceiverHadItReachesItsNextSyncOnceAsItIsNow() {
    box.relations().follow(BOB, NEWS).join();
    Broadcast b = done(box.broadcasts().send(new BroadcastRequest(NEWS, "first words", new Audience.Followers(),
        BroadcastRequest.Priority.NORMAL, null)).join());
    String dave = now(DAVE);
    clock.advance(Duration.ofSeconds(10));
    String had = now(BOB);

    box.messages().edit(NEWS, b.id(), "second words").join();
    SyncPage edited = box.events().sync(BOB, had, 100);
    assertThat(edited.events()).hasSize(1);
    assertThat(((Event.Edited) edited.events().get(0)).message().text()).isEqualTo("second words");
    assertThat(box.events().sync(BOB, edited.next(), 100).events()).as("nothing twice").isEmpty();
    clock.advance(Duration.ofMinutes(1));
    assertThat(box.events().sync(BOB, edited.next(), 100).events()).as("nor once the mark passes it").isEmpty();

    box.messages().edit(NEWS, b.id(), "third words").join();
    clock.advance(Duration.ofSeconds(1));
    box.messages().recall(NEWS, b.id()).join();
    clock.advance(Duration.ofMinutes(1));
    List<Event> recalled = all(BOB, edited.next(), 100);
    assertThat(kinds(recalled)).as("an edit overtaken by a recall is given as the recall").containsExactly("Recalled");
    assertThat(((Event.Recalled) recalled.get(0)).id()).isEqualTo(b.id());
    assertThat(((Event.Recalled) recalled.get(0)).peer()).isEqualTo(NEWS);
    assertThat(all(BOB, had, 1)).as("from before both, one page at a time").hasSize(1);
    assertThat(box.events().sync(DAVE, dave, 100).events()).as("not in its audience").isEmpty();
  }

  @Test
  void aBroadcastGivenAfterItsRevisionIsNotGivenAgainAsARevision() {
    box.relations().follow(BOB, NEWS).join();
    String bob = now(BOB);
    Broadcast b = done(box.broadcasts().send(new BroadcastRequest(NEWS, "typo", new Audience.Followers(),
        BroadcastRequest.Priority.NORMAL, null)).join());
    box.messages().edit(NEWS, b.id(), "fixed").join();

    SyncPage page = box.events().sync(BOB, bob, 100);
    assertThat(page.events()).hasSize(1);
    assertThat(((Event.MessageArrived) page.events().get(0)).message().text()).isEqualTo("fixed");
    assertThat(box.events().sync(BOB, page.next(), 100).events()).isEmpty();
    clock.advance(Duration.ofMinutes(1));
    assertThat(box.events().sync(BOB, page.next(), 100).events()).isEmpty();
  }

  @Test
  void aPositionOlderThanTheRetentionIsTooOld() {
    String bob = now(BOB);
    send(ALICE, BOB, "long ago");

    clock.advance(Duration.ofDays(31));
    reopen(config());

    assertThat(refusal(() -> box.events().sync(BOB, bob, 100))).isEqualTo(ErrorCode.SYNC_TOO_OLD);
    assertThat(box.events().sync(BOB, now(BOB), 100).events()).isEmpty();
  }

  @Test
  void theFeedPastItsRetentionIsDeleted() {
    send(ALICE, BOB, "long ago");
    assertThat(feedRows()).isEqualTo(2);

    clock.advance(Duration.ofDays(31));
    reopen(config());
    send(ALICE, BOB, "today");

    Awaitility.await().atMost(Duration.ofMinutes(1)).until(() -> feedRows() == 2);
  }

  @Test
  void aPositionMadeForAnotherUserOrByNoOneIsRefused() {
    String alice = now(ALICE);

    assertThat(refusal(() -> box.events().sync(BOB, alice, 100))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.events().sync(BOB, "not-a-position", 100))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.events().sync(BOB, null, 0))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
  }

  /** Collects a stream's events. */
  private static final class Collected implements EventStreams.Sink {
    final List<Event> events = Collections.synchronizedList(new ArrayList<>());
    volatile String ended;

    @Override
    public boolean accept(Event event) {
      events.add(event);
      return true;
    }

    @Override
    public void ended(String reason) {
      ended = reason;
    }

    List<Event> await(int n) {
      Awaitility.await().atMost(Duration.ofMinutes(1)).until(() -> events.size() >= n);
      return List.copyOf(events);
    }
  }

  @Test
  void aStreamGivesWhatWasMissedThenEachChangeAsItHappens() {
    String bob = now(BOB);
    Message missed = send(ALICE, BOB, "while away");
    Collected sink = new Collected();

    try (EventStreams.Stream stream = box.events().stream(BOB, bob, sink)) {
      assertThat(((Event.MessageArrived) sink.await(1).get(0)).message()).isEqualTo(missed);
      Message live = send(CAROL, BOB, "while connected");
      box.conversations().markRead(BOB, ConversationRef.peer(CAROL), "pc", live.id()).join();

      List<Event> events = sink.await(3);
      assertThat(kinds(events)).containsExactly("MessageArrived", "MessageArrived", "Read");
      assertThat(((Event.MessageArrived) events.get(1)).message()).isEqualTo(live);

      // Resuming from any event's position gives exactly what came after it.
      for (int i = 0; i < events.size(); i++) {
        assertThat(all(BOB, events.get(i).position(), 100)).isEqualTo(events.subList(i + 1, events.size()));
      }
    }
  }

  @Test
  void aConnectedReceiverGetsABroadcastAsItIsPublishedAndItsRecallAndNoSyncGivesThemAgain() {
    box.relations().follow(BOB, NEWS).join();
    Collected sink = new Collected();
    try (EventStreams.Stream stream = box.events().stream(BOB, null, sink)) {
      Broadcast b = box.broadcasts().send(new BroadcastRequest(NEWS, "breaking", new Audience.Followers(),
          BroadcastRequest.Priority.NORMAL, null)).join();

      Event.MessageArrived arrived = (Event.MessageArrived) sink.await(1).get(0);
      assertThat(arrived.message().id()).isEqualTo(b.id());
      assertThat(box.events().sync(BOB, arrived.position(), 100).events()).as("given already").isEmpty();

      box.messages().recall(NEWS, b.id()).join();
      Event.Recalled recalled = (Event.Recalled) sink.await(2).get(1);
      assertThat(recalled.id()).isEqualTo(b.id());
      assertThat(recalled.peer()).isEqualTo(NEWS);
      assertThat(box.events().sync(BOB, recalled.position(), 100).events()).as("the recall given already").isEmpty();
      assertThat(kinds(box.events().sync(BOB, arrived.position(), 100).events())).as("from before it").containsExactly("Recalled");
      clock.advance(Duration.ofMinutes(1));
      assertThat(box.events().sync(BOB, recalled.position(), 100).events()).isEmpty();
    }
  }

  @Test
  void aStreamFromNowSkipsThePastAndAClosedStreamGetsNothingMore() {
    send(ALICE, BOB, "old");
    Collected sink = new Collected();
    EventStreams.Stream stream = box.events().stream(BOB, null, sink);
    Message m = send(ALICE, BOB, "new");
    assertThat(((Event.MessageArrived) sink.await(1).get(0)).message()).isEqualTo(m);

    stream.close();
    Awaitility.await().atMost(Duration.ofMinutes(1)).until(() -> box.events().openStreams() == 0);
    send(ALICE, BOB, "after close");
    Collected witness = new Collected();
    try (EventStreams.Stream later = box.events().stream(BOB, sink.events.get(0).position(), witness)) {
      witness.await(1);
    }
    assertThat(sink.events).hasSize(1);
  }
}
