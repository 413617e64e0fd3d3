package io.letterbox.server.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.letterbox.engine.follow.FeedBatch;
import io.letterbox.engine.follow.FeedEvent;
import io.letterbox.engine.follow.FeedMark;
import io.letterbox.model.Event;
import io.letterbox.server.config.KafkaChangeStreamSettings;
import io.letterbox.server.support.KafkaBroker;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The change stream as a consumer of the owner feed, against a real Kafka broker: what the
 * feed's follower hands it twice is published once, and a partition it released stays with the
 * node that took it next.
 */
class KafkaFeedConsumerTest {
  @RegisterExtension static final KafkaBroker KAFKA = new KafkaBroker();

  private static final int PARTITION = 3;

  private static KafkaFeedConsumer consumer(String topic) {
    KafkaChangeStreamSettings settings =
        new KafkaChangeStreamSettings(KAFKA.bootstrapServers(), topic, "letterbox-" + topic + "-", 100);
    return new KafkaFeedConsumer(new KafkaChangeStream(settings), settings.batch());
  }

  /** The events at feed positions {@code from..to} (owner 7 reads up to each), and a broadcast's
   * completion after them. */
  private static FeedBatch batch(int from, int to) {
    List<FeedEvent> events = new ArrayList<>();
    IntStream.rangeClosed(from, to).forEach(i ->
        events.add(new FeedEvent(7, new Event.Read("p" + i, 8, true, "phone", i), new FeedMark(i, 0))));
    events.add(new FeedEvent(9, new Event.BroadcastCompleted("b" + to, 100 + to, 1_000L), FeedMark.after(to)));
    return new FeedBatch(PARTITION, FeedMark.after(from - 1), FeedMark.after(to), events, 1_000L);
  }

  private static List<String> positions(String topic) {
    return KAFKA.readCommitted(topic).stream().map(KafkaFeedConsumerTest::position).toList();
  }

  private static String position(ConsumerRecord<String, String> r) {
    return new String(r.headers().lastHeader(PartitionProducer.POSITION_HEADER).value(), StandardCharsets.UTF_8);
  }

  @Test
  void eventsHandedOverAgainAreNotPublishedAgainAndABroadcastsCompletionIsNotPublished() {
    String topic = KafkaBroker.freshTopic("again");
    try (KafkaFeedConsumer consumer = consumer(topic)) {
      assertThat(consumer.load(PARTITION)).as("a partition never published starts at the feed's start")
          .isEqualTo(FeedMark.START);
      consumer.deliver(batch(1, 3)).join();
      consumer.deliver(batch(1, 3)).join();
      consumer.deliver(batch(2, 5)).join();
    }
    assertThat(positions(topic)).containsExactly("1:0", "2:0", "3:0", "4:0", "5:0");
    assertThat(KAFKA.readCommitted(topic)).allSatisfy(r -> assertThat(r.key()).isEqualTo("7"));
    try (KafkaFeedConsumer restarted = consumer(topic)) {
      assertThat(restarted.load(PARTITION)).as("resumes after the last event published").isEqualTo(new FeedMark(5, 0));
    }
  }

  @Test
  void aDeliveryArrivingAfterItsPartitionWasReleasedFailsAndLeavesTheNewOwnerPublishing() {
    String topic = KafkaBroker.freshTopic("released");
    try (KafkaFeedConsumer before = consumer(topic); KafkaFeedConsumer after = consumer(topic)) {
      before.load(PARTITION);
      before.deliver(batch(1, 2)).join();
      before.released(PARTITION);
      assertThat(after.load(PARTITION)).isEqualTo(new FeedMark(2, 0));

      assertThatThrownBy(() -> before.deliver(batch(3, 4)).join())
          .hasCauseInstanceOf(IllegalStateException.class).hasMessageContaining("not taken here");
      after.deliver(batch(3, 4)).join();
    }
    assertThat(positions(topic)).containsExactly("1:0", "2:0", "3:0", "4:0");
  }
}
