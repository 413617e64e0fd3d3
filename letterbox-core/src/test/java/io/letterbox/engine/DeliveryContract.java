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
    assertThat(live.get("delivered")).hasSize(1);

    Replayer.rebuild(store, config().build(), n -> {});

    assertThat(contents(store)).isEqualTo(live);
    box = Letterbox.open(store, config().build());
    assertThat(delivered(ALICE, BOB)).isEqualTo(m.id());
  }
}
