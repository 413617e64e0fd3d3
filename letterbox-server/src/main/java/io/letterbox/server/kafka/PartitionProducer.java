package io.letterbox.server.kafka;

import io.letterbox.server.config.KafkaChangeStreamSettings;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The transactional producer of one Letterbox partition, its calls blocking: {@link #open} fences
 * every earlier producer of the partition and reads back its last committed position;
 * {@link #write} begins a transaction of events plus their position, {@link #commit} commits it.
 * One thread uses it at a time.
 */
final class PartitionProducer {
  static final String PARTITION_HEADER = "letterbox-partition";
  static final String POSITION_HEADER = "letterbox-position";

  private final KafkaChangeStreamSettings settings;
  private final ChangeStreamTopics topics;
  private final int partition;
  private final String key;
  private final Duration timeout;
  private final KafkaProducer<String, String> producer;

  PartitionProducer(KafkaChangeStreamSettings settings, ChangeStreamTopics topics, int partition, Duration timeout) {
    this.settings = settings;
    this.topics = topics;
    this.partition = partition;
    this.key = Integer.toString(partition);
    this.timeout = timeout;
    Properties props = new Properties();
    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
    props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, settings.transactionalId(partition));
    props.put(ProducerConfig.CLIENT_ID_CONFIG, settings.transactionalId(partition));
    props.put(ProducerConfig.ACKS_CONFIG, "all");
    props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    props.put(ProducerConfig.LINGER_MS_CONFIG, 5);
    // A transaction begun right after a commit may be told CONCURRENT_TRANSACTIONS while the last one's markers
    // are written: retry soon rather than after the default 100 ms.
    props.put(ProducerConfig.RETRY_BACKOFF_MS_CONFIG, 10);
    props.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
    props.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, (int) Duration.ofSeconds(30).toMillis());
    props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, timeout.toMillis());
    props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    this.producer = new KafkaProducer<>(props);
  }

  /**
   * Fences every earlier producer of this partition (their open transaction is aborted or
   * finished first) and reads the positions topic, {@code read_committed}, to its high watermark.
   *
   * @return the position of the last event committed for this partition; empty if none ever was
   */
  Optional<String> open() {
    topics.createIfMissing();
    producer.initTransactions();
    return lastCommittedPosition();
  }

  private Optional<String> lastCommittedPosition() {
    Map<TopicPartition, Long> ends = topics.positionsHighWatermarks();
    Properties props = new Properties();
    props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
    props.put(ConsumerConfig.CLIENT_ID_CONFIG, settings.transactionalId(partition) + "-positions");
    props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, IsolationLevel.READ_COMMITTED.toString().toLowerCase());
    props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    String last = null;
    long deadline = System.nanoTime() + timeout.toNanos();
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
      consumer.assign(ends.keySet());
      consumer.seekToBeginning(ends.keySet());
      Map<TopicPartition, Long> behind = new HashMap<>(ends);
      while (true) {
        // Another partition's open transaction holds a read_committed reader back until it ends.
        behind.entrySet().removeIf(e -> consumer.position(e.getKey()) >= e.getValue());
        if (behind.isEmpty()) {
          return Optional.ofNullable(last);
        }
        if (System.nanoTime() > deadline) {
          throw new TimeoutException("the positions topic was not read to its end within " + timeout);
        }
        for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
          if (key.equals(r.key())) {
            last = r.value();
          }
        }
      }
    }
  }

  /** Begins a transaction holding {@code events} and the position of the last one; not committed yet. */
  void write(List<ChangeEvent> events) {
    producer.beginTransaction();
    byte[] partitionHeader = key.getBytes(StandardCharsets.UTF_8);
    for (ChangeEvent e : events) {
      var record = new ProducerRecord<>(settings.topic(), Long.toString(e.owner()), e.json());
      record.headers().add(new RecordHeader(PARTITION_HEADER, partitionHeader))
          .add(new RecordHeader(POSITION_HEADER, e.position().getBytes(StandardCharsets.UTF_8)));
      producer.send(record);
    }
    producer.send(new ProducerRecord<>(settings.positionsTopic(), key, events.get(events.size() - 1).position()));
  }

  /** Sends everything written so far, still uncommitted. */
  void flush() {
    producer.flush();
  }

  /** Commits the transaction {@link #write} began: the events and their position, or neither. */
  void commit() {
    producer.commitTransaction();
  }

  void abort() {
    producer.abortTransaction();
  }

  /** Drops the producer at once, committing and aborting nothing, as a crash would. */
  void abandon() {
    producer.close(Duration.ZERO);
  }

  void close() {
    producer.close(Duration.ofSeconds(5));
  }
}
