package io.letterbox.server.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.letterbox.server.config.KafkaChangeStreamSettings;
import io.letterbox.server.support.KafkaBroker;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.KafkaException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The change stream against a real Kafka broker (KRaft, in this JVM): what a {@code
 * read_committed} consumer of the topic sees when sinks publish, crash before committing, are
 * killed with SIGKILL mid-stream, and keep going after another owner took their partition over.
 */
class KafkaChangeStreamTest {
  @RegisterExtension static final KafkaBroker KAFKA = new KafkaBroker();

  private static final int PARTITION = 7;
  private static final Duration WAIT = Duration.ofSeconds(60);

  private static KafkaChangeStreamSettings settings(String topic, int batch) {
    return new KafkaChangeStreamSettings(KAFKA.bootstrapServers(), topic, "letterbox-" + topic + "-", batch);
  }

  /** Events at positions {@code from..to}, owners 1..3 in turn; positions sort as their numbers. */
  private static List<ChangeEvent> events(int from, int to) {
    return IntStream.rangeClosed(from, to).mapToObj(i -> new ChangeEvent(1 + i % 3, position(i),
        "{\"type\":\"message\",\"position\":\"" + position(i) + "\"}")).toList();
  }

  private static String position(int i) {
    return String.format("%06d", i);
  }

  private static List<String> positions(List<ConsumerRecord<String, String>> records) {
    return records.stream().map(r -> new String(r.headers().lastHeader(PartitionProducer.POSITION_HEADER).value(),
        StandardCharsets.UTF_8)).sorted().toList();
  }

  /**
   * A producer of {@code partition}, opened (resuming after {@code resumes}), whose transaction
   * holds {@code events}, sent but not committed.
   */
  private static PartitionProducer uncommitted(KafkaChangeStreamSettings settings, ChangeStreamTopics topics,
      int partition, Optional<String> resumes, List<ChangeEvent> events) {
    PartitionProducer producer = new PartitionProducer(settings, topics, partition, WAIT);
    assertThat(producer.open()).isEqualTo(resumes);
    producer.write(events);
    producer.flush();
    return producer;
  }

  private static List<String> positions(int from, int to) {
    return IntStream.rangeClosed(from, to).mapToObj(KafkaChangeStreamTest::position).toList();
  }

  @Test
  void everyPublishedEventIsReadOnceByAReadCommittedConsumerKeyedByItsOwnerWithItsJsonAndPosition() {
    String topic = KafkaBroker.freshTopic("changes");
    try (KafkaChangeStream sink = new KafkaChangeStream(settings(topic, 4))) {
      assertThat(sink.open(PARTITION).orTimeout(WAIT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS).join())
          .as("a partition never published has no position").isEmpty();
      sink.publish(PARTITION, events(1, 10)).join();
      sink.publish(PARTITION, events(11, 12)).join();
      sink.publish(PARTITION, List.of()).join();

      List<ConsumerRecord<String, String>> records = KAFKA.readCommitted(topic);
      assertThat(positions(records)).containsExactlyElementsOf(positions(1, 12));
      for (ConsumerRecord<String, String> r : records) {
        String position = new String(r.headers().lastHeader(PartitionProducer.POSITION_HEADER).value(),
            StandardCharsets.UTF_8);
        assertThat(r.key()).isEqualTo(Long.toString(1 + Integer.parseInt(position) % 3));
        assertThat(r.value()).isEqualTo("{\"type\":\"message\",\"position\":\"" + position + "\"}");
        assertThat(new String(r.headers().lastHeader(PartitionProducer.PARTITION_HEADER).value(),
            StandardCharsets.UTF_8)).isEqualTo(Integer.toString(PARTITION));
      }
      assertThat(records.stream().filter(r -> r.key().equals("1")).map(ConsumerRecord::value).toList())
          .as("one owner's events in the order published").isSorted();
    }
    try (KafkaChangeStream restarted = new KafkaChangeStream(settings(topic, 4))) {
      assertThat(restarted.open(PARTITION).join()).as("resumes after the last committed event").hasValue(position(12));
      assertThat(restarted.open(PARTITION + 1).join()).as("another partition has its own position").isEmpty();
    }
  }

  @Test
  void aPartitionThatIsNotOpenOrWasClosedRefusesEventsAndKeepsWhatItCommitted() {
    String topic = KafkaBroker.freshTopic("closed");
    try (KafkaChangeStream sink = new KafkaChangeStream(settings(topic, 100))) {
      assertThatThrownBy(() -> sink.publish(PARTITION, events(1, 1)).join())
          .hasCauseInstanceOf(IllegalStateException.class).hasMessageContaining("not open");
      sink.open(PARTITION).join();
      sink.publish(PARTITION, events(1, 2)).join();
      sink.close(PARTITION).join();
      assertThatThrownBy(() -> sink.publish(PARTITION, events(3, 3)).join())
          .hasCauseInstanceOf(IllegalStateException.class);
      assertThat(sink.open(PARTITION).join()).hasValue(position(2));
    }
  }

  @Test
  void aPositionsTopicWhoseRecordsExpireIsRefused() throws Exception {
    String topic = KafkaBroker.freshTopic("expiring");
    KafkaChangeStreamSettings settings = settings(topic, 100);
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()))) {
      admin.createTopics(List.of(new NewTopic(settings.positionsTopic(), Optional.of(1), Optional.empty())
          .configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_DELETE)))).all().get();
    }
    try (KafkaChangeStream sink = new KafkaChangeStream(settings)) {
      assertThatThrownBy(() -> sink.open(PARTITION).join()).hasRootCauseInstanceOf(IllegalStateException.class)
          .rootCause().hasMessageContaining("cleanup.policy=compact");
    }
  }

  @Test
  void aSinkThatDiesBeforeCommittingIsAbortedByItsSuccessorWhichResumesFromTheLastCommit() {
    String topic = KafkaBroker.freshTopic("crash");
    KafkaChangeStreamSettings settings = settings(topic, 100);
    try (KafkaChangeStream before = new KafkaChangeStream(settings)) {
      before.open(PARTITION).join();
      before.publish(PARTITION, events(1, 5)).join();
    }
    try (ChangeStreamTopics topics = new ChangeStreamTopics(settings, WAIT)) {
      uncommitted(settings, topics, PARTITION, Optional.of(position(5)), events(6, 9)).abandon();
    }

    try (KafkaChangeStream after = new KafkaChangeStream(settings)) {
      Optional<String> resumed = after.open(PARTITION).join();
      assertThat(resumed).hasValue(position(5));
      after.publish(PARTITION, events(6, 12)).join();
    }

    assertThat(positions(KAFKA.readUncommitted(topic))).as("the dead sink's events did reach the log")
        .containsAll(positions(6, 9)).hasSize(12 + 4);
    assertThat(positions(KAFKA.readCommitted(topic))).containsExactlyElementsOf(positions(1, 12));
  }

  @Test
  void theOldOwnerOfAPartitionIsFencedByTheNewOneAndStopsForGood() {
    String topic = KafkaBroker.freshTopic("zombie");
    try (KafkaChangeStream old = new KafkaChangeStream(settings(topic, 100));
        KafkaChangeStream owner = new KafkaChangeStream(settings(topic, 100))) {
      old.open(PARTITION).join();
      old.publish(PARTITION, events(1, 3)).join();

      assertThat(owner.open(PARTITION).join()).hasValue(position(3));
      assertThatThrownBy(() -> old.publish(PARTITION, events(4, 6)).join())
          .isInstanceOf(CompletionException.class).hasCauseInstanceOf(PartitionFencedException.class);
      assertThatThrownBy(() -> old.publish(PARTITION, events(4, 6)).join())
          .as("it never tries again").hasCauseInstanceOf(PartitionFencedException.class);
      owner.publish(PARTITION, events(4, 6)).join();

      assertThat(owner.open(PARTITION).join()).hasValue(position(6));
    }
    assertThat(positions(KAFKA.readCommitted(topic))).containsExactlyElementsOf(positions(1, 6));
  }

  @Test
  void aZombieWhoseTransactionIsOpenWhenTheNewOwnerTakesOverCannotCommitIt() {
    String topic = KafkaBroker.freshTopic("inflight");
    KafkaChangeStreamSettings settings = settings(topic, 100);
    try (ChangeStreamTopics topics = new ChangeStreamTopics(settings, WAIT);
        KafkaChangeStream owner = new KafkaChangeStream(settings)) {
      PartitionProducer zombie = uncommitted(settings, topics, PARTITION, Optional.empty(), events(1, 4));

      assertThat(owner.open(PARTITION).join()).isEmpty();
      assertThatThrownBy(zombie::commit).isInstanceOf(KafkaException.class);
      zombie.abandon();
      owner.publish(PARTITION, events(1, 4)).join();
    }
    assertThat(positions(KAFKA.readCommitted(topic))).containsExactlyElementsOf(positions(1, 4));
  }

  @Test
  void aPartitionResumesFromItsLastCommitEvenWhenAnotherPartitionsTransactionOpenedBeforeItIsStillOpen() {
    String topic = KafkaBroker.freshTopic("behind");
    KafkaChangeStreamSettings settings = settings(topic, 100);
    try (ChangeStreamTopics topics = new ChangeStreamTopics(settings, WAIT);
        KafkaChangeStream sink = new KafkaChangeStream(settings);
        KafkaChangeStream restarted = new KafkaChangeStream(settings)) {
      sink.open(PARTITION).join();
      PartitionProducer other = uncommitted(settings, topics, PARTITION + 1, Optional.empty(), events(100, 101));
      sink.publish(PARTITION, events(1, 3)).join();

      CompletableFuture<Optional<String>> resumed = restarted.open(PARTITION);
      await("a resume that waits for the other partition's transaction").during(Duration.ofSeconds(2))
          .atMost(Duration.ofSeconds(10)).until(() -> !resumed.isDone());
      other.commit();
      assertThat(resumed.join()).hasValue(position(3));
      other.close();
    }
  }

  @Test
  void aProcessKilledTwiceMidStreamLeavesEachPositionOnceForAReadCommittedConsumer(@TempDir Path dir)
      throws Exception {
    String topic = KafkaBroker.freshTopic("killed");
    int total = 3_000;
    for (int kill = 1; kill <= 2; kill++) {
      int atLeast = kill * 1_000;
      Path log = dir.resolve("child-" + kill + ".log");
      Process child = child(topic, total, log);
      try {
        await("child " + kill + " committed " + atLeast).atMost(Duration.ofMinutes(2))
            .until(() -> committed(log) >= atLeast || !child.isAlive());
        assertThat(child.isAlive()).as("still publishing when killed: %s", Files.readString(log)).isTrue();
      } finally {
        child.destroyForcibly().waitFor();
      }
    }
    Path log = dir.resolve("child-last.log");
    Process last = child(topic, total, log);
    assertThat(last.waitFor(2, TimeUnit.MINUTES)).isTrue();
    assertThat(Files.readString(log)).contains("done");

    List<String> seen = KAFKA.readCommitted(topic).stream().map(r -> new String(
        r.headers().lastHeader(PartitionProducer.POSITION_HEADER).value(), StandardCharsets.UTF_8)).toList();
    assertThat(seen).hasSize(total).doesNotHaveDuplicates();
    assertThat(seen.stream().mapToInt(Integer::parseInt).sorted().toArray())
        .isEqualTo(IntStream.rangeClosed(1, total).toArray());
  }

  private static Process child(String topic, int total, Path log) throws IOException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    return new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
        ChangeStreamChild.class.getName(), KAFKA.bootstrapServers(), topic, "letterbox-" + topic + "-",
        Integer.toString(PARTITION), Integer.toString(total), "20")
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
  }

  private static int committed(Path log) throws IOException {
    return Files.readAllLines(log).stream().filter(l -> l.startsWith("committed "))
        .mapToInt(l -> Integer.parseInt(l.substring("committed ".length()))).max().orElse(0);
  }
}
