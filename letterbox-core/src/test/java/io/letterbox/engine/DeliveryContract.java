package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.feed.EventStreams;
import io.letterbox.engine.replay.Replayer;
import io.letterbox.model.ConversationRef;
import io.letterbox.model.Event;
import io.letterbox.model.Message;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Delivery receipts (decision 0051): what the receiver's devices received through a stream or a
 * sync moves the sender's {@code peerDeliveredUpTo}, only forward, logged so that a replay
 * derives the same positions. On every backend.
 */
public abstract class DeliveryContract extends EngineFixture {
  private static final Duration WAIT = Duration.ofSeconds(30);

  private long delivered(long sender, long receiver) {
    return box.conversations().get(sender, ConversationRef.peer(receiver)).peerDeliveredUpTo();
  }

  private io.letterbox.model.Conversation listed(long owner, long peer) {
    return box.conversations().list(owner, null, 10).items().stream().filter(c -> c.peer() == peer).findFirst()
        .orElseThrow();
  }

  @Test
  void aSyncThatGivesMessagesMovesTheSendersDeliveredPositionOnlyForward() {
    String since = box.events().sync(BOB, null, 10).next();
    Message first = send(ALICE, BOB, "one");
    Message second = send(ALICE, BOB, "two");
    assertThat(delivered(ALICE, BOB)).as("nothing received yet").isZero();

    box.events().sync(BOB, since, 1);
    box.events().logReceipts().join();
    assertThat(delivered(ALICE, BOB)).isEqualTo(first.id());
    box.events().sync(BOB, since, 10);
    box.events().logReceipts().join();
    assertThat(delivered(ALICE, BOB)).isEqualTo(second.id());
    assertThat(box.conversations().list(ALICE, null, 10).items().get(0).peerDeliveredUpTo()).isEqualTo(second.id());

    box.events().sync(BOB, since, 1);
    box.events().logReceipts().join();
    assertThat(delivered(ALICE, BOB)).as("never back").isEqualTo(second.id());
    assertThat(delivered(BOB, ALICE)).as("the receiver's own item").isZero();
  }

  @Test
  void aMessageHandedToALiveStreamMovesTheSendersDeliveredPosition() {
    List<Event> got = new CopyOnWriteArrayList<>();
    EventStreams.Stream stream = box.events().stream(CAROL, null, new EventStreams.Sink() {
      @Override
      public boolean accept(Event event) {
        got.add(event);
        return true;
      }

      @Override
      public void ended(String reason) {}
    });
    Message m = send(DAVE, CAROL, "live");
    Awaitility.await().atMost(WAIT).until(() -> !got.isEmpty());
    box.events().logReceipts().join();

    assertThat(delivered(DAVE, CAROL)).isEqualTo(m.id());
    stream.close();
  }

  @Test
  void aRebuildDerivesTheSameDeliveredPositions() {
    String since = box.events().sync(BOB, null, 10).next();
    Message m = send(ALICE, BOB, "one");
    send(BOB, ALICE, "back");
    box.events().sync(BOB, since, 10);
    box.events().logReceipts().join();
    box.close();
    Map<String, List<String>> live = contents(store);
    assertThat(live.get("delivered")).as("kept in the sender's row").isEmpty();

    Replayer.rebuild(store, config().build(), n -> {});

    assertThat(contents(store)).isEqualTo(live);
    box = Letterbox.open(store, config().build());
    assertThat(delivered(ALICE, BOB)).isEqualTo(m.id());
  }

  @Test
  void aReceiptShowsInTheItemOfAPeerListedAtItsNewestBroadcast() {
    box.relations().follow(ALICE, BOB).join();
    String since = box.events().sync(BOB, null, 10).next();
    Message m = send(ALICE, BOB, "one");
    clock.advance(Duration.ofSeconds(1));
    box.broadcasts().send(new io.letterbox.model.BroadcastRequest(BOB, "news", new io.letterbox.model.Audience.Followers(),
        io.letterbox.model.BroadcastRequest.Priority.NORMAL, null)).join();
    assertThat(listed(ALICE, BOB).lastMessage().text()).as("listed at the broadcast").isEqualTo("news");
    assertThat(listed(ALICE, BOB).peerDeliveredUpTo()).isZero();

    box.events().sync(BOB, since, 10);
    box.events().logReceipts().join();

    assertThat(listed(ALICE, BOB).peerDeliveredUpTo()).isEqualTo(m.id());
  }

  @Test
  void aStoreWhoseReceiptsWereInASpaceOfTheirOwnHasThemInTheSendersRowsByTheUpgrade() {
    Message m = send(ALICE, BOB, "one");
    box.close();
    // The store as format 9 left it: rows and activity entries of version 3, the receipts apart, no mark.
    byte[] key = io.letterbox.keys.PairKey.of(ALICE, BOB);
    byte[] row = store.get(io.letterbox.keys.Spaces.CONVERSATIONS, key);
    io.letterbox.rows.ConversationRow read = io.letterbox.rows.ConversationRow.decode(row);
    byte[] entryKey = io.letterbox.keys.ActivityKey.of(ALICE, read.folder(), read.pinned(), read.lastId(), BOB);
    byte[] entry = store.get(io.letterbox.keys.Spaces.ACTIVITY, entryKey);
    store.write(store.newBatch()
        .put(io.letterbox.keys.Spaces.CONVERSATIONS, key, version3(row))
        .delete(io.letterbox.keys.Spaces.ACTIVITY, entryKey)
        .put(io.letterbox.keys.Spaces.ACTIVITY, entryKey, version3(entry))
        .put(io.letterbox.keys.Spaces.DELIVERED, key, io.letterbox.store.Bytes.ofLong(m.id()))
        .put(io.letterbox.keys.Spaces.DELIVERED, io.letterbox.keys.PairKey.of(ALICE, CAROL), io.letterbox.store.Bytes.ofLong(m.id()))
        .delete(io.letterbox.keys.Spaces.STATE, io.letterbox.keys.StateKey.meta("delivery-receipts"))).join();
    assertThat(io.letterbox.rows.ConversationRow.decode(version3(entry)).peerDeliveredUpTo()).isZero();

    box = Letterbox.open(store, config().build());

    assertThat(listed(ALICE, BOB).peerDeliveredUpTo()).isEqualTo(m.id());
    assertThat(listed(ALICE, BOB).lastMessage().text()).as("the entry keeps its text").isEqualTo("one");
    assertThat(delivered(ALICE, BOB)).isEqualTo(m.id());
    assertThat(contents(store).get("delivered")).as("the receipts apart are gone").isEmpty();
    assertThat(store.get(io.letterbox.keys.Spaces.CONVERSATIONS, io.letterbox.keys.PairKey.of(ALICE, CAROL)))
        .as("a receipt of no conversation makes no row").isNull();
  }

  /** A row or activity entry as version 3 of the row encoder wrote it: no delivery receipt after the incoming count. */
  private static byte[] version3(byte[] v4) {
    byte[] v3 = new byte[v4.length - 8];
    System.arraycopy(v4, 0, v3, 0, 34);
    System.arraycopy(v4, 42, v3, 34, v4.length - 42);
    v3[0] = 3;
    return v3;
  }
}
