package io.letterbox.server.config;

import static io.letterbox.server.config.ServerSettings.KAFKA_BATCH;
import static io.letterbox.server.config.ServerSettings.KAFKA_BOOTSTRAP_SERVERS;
import static io.letterbox.server.config.ServerSettings.KAFKA_TOPIC;
import static io.letterbox.server.config.ServerSettings.KAFKA_TRANSACTIONAL_ID_PREFIX;

import java.util.regex.Pattern;

/**
 * The change stream to Kafka (decision 0041): where it goes and how much one transaction holds.
 *
 * @param bootstrapServers      kafka-bootstrap-servers; null: no change stream
 * @param topic                 kafka-topic, the events' topic; its positions go to {@link #positionsTopic()}
 * @param transactionalIdPrefix kafka-transactional-id-prefix, followed by the partition number
 * @param batch                 kafka-batch, most events per transaction
 */
public record KafkaChangeStreamSettings(String bootstrapServers, String topic, String transactionalIdPrefix,
    int batch) {
  private static final Pattern TOPIC = Pattern.compile("[a-zA-Z0-9._-]{1,200}");

  /** Whether feed events are produced to Kafka at all. */
  public boolean enabled() {
    return bootstrapServers != null;
  }

  /** The compacted topic of each partition's produced position. */
  public String positionsTopic() {
    return topic + ".positions";
  }

  /** The {@code transactional.id} of {@code partition}'s producer. */
  public String transactionalId(int partition) {
    return transactionalIdPrefix + partition;
  }

  /** The settings, checked: both or neither of the servers and the topic. */
  static KafkaChangeStreamSettings of(SettingValues values) {
    String servers = values.get(KAFKA_BOOTSTRAP_SERVERS);
    String topic = values.get(KAFKA_TOPIC);
    if ((servers == null) != (topic == null)) {
      throw new ConfigException("kafka-bootstrap-servers and kafka-topic are set together (or neither)");
    }
    if (topic != null && !TOPIC.matcher(topic).matches()) {
      throw new ConfigException("kafka-topic must be 1-200 of a-z A-Z 0-9 . _ -: '" + topic + "'");
    }
    return new KafkaChangeStreamSettings(servers, topic, values.get(KAFKA_TRANSACTIONAL_ID_PREFIX),
        values.get(KAFKA_BATCH));
  }
}
