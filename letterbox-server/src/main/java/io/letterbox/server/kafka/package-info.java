/**
 * The change stream to Apache Kafka (decision 0041): every feed event of a partition produced to
 * {@code kafka-topic}, keyed by its owner, exactly once for a {@code read_committed} consumer.
 * {@link io.letterbox.server.kafka.KafkaChangeStream} is the sink a partition's feed reader hands
 * its events to: one transactional producer per Letterbox partition, each batch one transaction
 * that also commits the batch's position to the compacted positions topic, read back when the
 * partition is opened (after a restart, or at its new owner after a failover, which fences the old).
 * {@link io.letterbox.server.kafka.KafkaFeedConsumer} is that reader: a consumer of the owner feed
 * (decision 0040) that keeps its positions in Kafka. Uses {@code engine.follow}, the server's JSON
 * views and kafka-clients.
 */
package io.letterbox.server.kafka;
