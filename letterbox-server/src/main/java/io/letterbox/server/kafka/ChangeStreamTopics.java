package io.letterbox.server.kafka;

import io.letterbox.server.config.KafkaChangeStreamSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * The change stream's two topics, through one {@link Admin} client: created when missing (the
 * events' with the broker's defaults, the positions' compacted, one partition), and the high
 * watermark of the positions topic, the point a resuming producer reads it to.
 */
final class ChangeStreamTopics implements AutoCloseable {
  /** Small segments, so that compaction keeps the positions topic near one record per partition. */
  private static final long POSITIONS_SEGMENT_MS = Duration.ofMinutes(10).toMillis();

  private final KafkaChangeStreamSettings settings;
  private final Duration timeout;
  private final Admin admin;
  private volatile boolean created;

  ChangeStreamTopics(KafkaChangeStreamSettings settings, Duration timeout) {
    this.settings = settings;
    this.timeout = timeout;
    Properties props = new Properties();
    props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
    props.put(AdminClientConfig.CLIENT_ID_CONFIG, settings.transactionalIdPrefix() + "admin");
    this.admin = Admin.create(props);
  }

  /** Creates whichever of the two topics is missing; once per sink. Blocks: call it off the event loop. */
  synchronized void createIfMissing() {
    if (created) {
      return;
    }
    var existing = await(admin.listTopics().names());
    List<NewTopic> missing = new ArrayList<>();
    if (!existing.contains(settings.topic())) {
      missing.add(new NewTopic(settings.topic(), Optional.empty(), Optional.empty()));
    }
    if (!existing.contains(settings.positionsTopic())) {
      missing.add(new NewTopic(settings.positionsTopic(), Optional.of(1), Optional.empty()).configs(Map.of(
          TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT,
          TopicConfig.SEGMENT_MS_CONFIG, Long.toString(POSITIONS_SEGMENT_MS))));
    }
    for (var result : admin.createTopics(missing).values().values()) {
      try {
        await(result);
      } catch (TopicExistsException e) {
        // Another node created it meanwhile.
      }
    }
    if (existing.contains(settings.positionsTopic())) {
      requireCompacted();
    }
    created = true;
  }

  /** A positions topic made elsewhere whose records expire would let a partition resume from its start: refused. */
  private void requireCompacted() {
    ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, settings.positionsTopic());
    Config config = await(admin.describeConfigs(List.of(resource)).all()).get(resource);
    ConfigEntry policy = config.get(TopicConfig.CLEANUP_POLICY_CONFIG);
    if (policy == null || !policy.value().contains(TopicConfig.CLEANUP_POLICY_COMPACT)) {
      throw new IllegalStateException("topic " + settings.positionsTopic() + " must have cleanup.policy=compact (it "
          + "has " + (policy == null ? "none" : policy.value()) + "): its positions must not expire");
    }
  }

  /** Every partition of the positions topic with its high watermark (the end of the log, committed or not). */
  Map<TopicPartition, Long> positionsHighWatermarks() {
    TopicDescription topic = await(admin.describeTopics(List.of(settings.positionsTopic()))
        .allTopicNames()).get(settings.positionsTopic());
    Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
    topic.partitions().forEach(p -> latest.put(new TopicPartition(topic.name(), p.partition()), OffsetSpec.latest()));
    var offsets = await(admin.listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_UNCOMMITTED)).all());
    Map<TopicPartition, Long> ends = new HashMap<>();
    offsets.forEach((tp, info) -> ends.put(tp, info.offset()));
    return ends;
  }

  private <T> T await(org.apache.kafka.common.KafkaFuture<T> future) {
    try {
      return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KafkaException("interrupted", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof KafkaException k ? k : new KafkaException(e.getCause());
    } catch (TimeoutException e) {
      throw new org.apache.kafka.common.errors.TimeoutException("no answer from Kafka within " + timeout, e);
    }
  }

  @Override
  public void close() {
    admin.close(Duration.ofSeconds(5));
  }
}
