package io.letterbox.server.kafka;

import io.letterbox.server.config.KafkaChangeStreamSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The sink of the change stream to Kafka (decision 0041): a partition's feed reader opens the
 * partition here when its node takes the partition over, resumes its feed after the position
 * {@link #open} answers, hands each batch of events to {@link #publish}, and closes the partition
 * when it moves away. Each open partition has a transactional producer and a thread of its own;
 * no method blocks its caller.
 *
 * <p>A batch is committed, with the position of its last event, in one transaction (several if
 * it holds more than {@code kafka-batch} events), so that a {@code read_committed} consumer sees
 * every position once whatever crashes: what did not commit is produced again from the position
 * that did. A failed {@link #publish} says which way the reader goes on:
 * <ul>
 *   <li>{@link PartitionFencedException}: another node opened the partition; stop following it.
 *   <li>any other failure: nothing of the failed transaction committed if the partition stays
 *       usable (publish the same events again); if the outcome is unknown, every later publish
 *       fails too until {@link #open} is called again, and its answer is where to resume.
 * </ul>
 */
public final class KafkaChangeStream implements AutoCloseable {
  /** How long a blocking Kafka call (metadata, initTransactions, reading positions) may take. */
  static final Duration TIMEOUT = Duration.ofSeconds(60);

  private final KafkaChangeStreamSettings settings;
  private final ChangeStreamTopics topics;
  private final Map<Integer, PartitionStream> partitions = new ConcurrentHashMap<>();

  public KafkaChangeStream(KafkaChangeStreamSettings settings) {
    if (!settings.enabled()) {
      throw new IllegalArgumentException("kafka-bootstrap-servers and kafka-topic are not set");
    }
    this.settings = settings;
    this.topics = new ChangeStreamTopics(settings, TIMEOUT);
  }

  /**
   * Takes {@code partition} over: creates the topics if missing, fences the partition's earlier
   * producers (another node's, or this node's before a restart) and reads back what they committed.
   * Opening an open partition starts it afresh.
   *
   * @return the position of the last event committed for the partition (empty: none ever was); the
   *     feed is published from the event after it
   */
  public CompletableFuture<Optional<String>> open(int partition) {
    PartitionStream stream = new PartitionStream(partition, new PartitionProducer(settings, topics, partition, TIMEOUT),
        settings.batch());
    PartitionStream earlier = partitions.put(partition, stream);
    if (earlier != null) {
      earlier.close();
    }
    return stream.open();
  }

  /**
   * Produces {@code events} of {@code partition}, in their order, each position after the one
   * {@link #open} answered or the last batch published.
   *
   * @return done once every event and the position of the last are committed
   */
  public CompletableFuture<Void> publish(int partition, List<ChangeEvent> events) {
    PartitionStream stream = partitions.get(partition);
    if (stream == null) {
      return CompletableFuture.failedFuture(new IllegalStateException("partition " + partition + " is not open"));
    }
    return stream.publish(List.copyOf(events));
  }

  /** Lets {@code partition} go (it moved to another node): done once its producer is closed. */
  public CompletableFuture<Void> close(int partition) {
    PartitionStream stream = partitions.remove(partition);
    return stream == null ? CompletableFuture.completedFuture(null) : stream.close();
  }

  /** Closes every open partition and the topics' admin client. */
  @Override
  public void close() {
    CompletableFuture.allOf(partitions.keySet().stream().map(this::close).toArray(CompletableFuture[]::new)).join();
    topics.close();
  }
}
