package io.letterbox.server.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real Kafka in the test's JVM, in KRaft mode: one node that is both controller and broker,
 * Kafka's own server from its Maven artifacts, its log in a temporary directory formatted as
 * {@code kafka-storage format} does, started once per test class and stopped after it
 * ({@code @RegisterExtension static final KafkaBroker KAFKA = new KafkaBroker();}).
 */
public final class KafkaBroker implements BeforeAllCallback, AfterAllCallback {
  private KafkaRaftServer server;
  private Path dir;
  private String bootstrapServers;

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    dir = Files.createTempDirectory("kafka-broker");
    int brokerPort = freePort();
    int controllerPort = freePort();
    bootstrapServers = "127.0.0.1:" + brokerPort;
    Properties props = new Properties();
    props.put("process.roles", "broker,controller");
    props.put("node.id", "1");
    props.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
    props.put("listeners", "PLAINTEXT://" + bootstrapServers + ",CONTROLLER://127.0.0.1:" + controllerPort);
    props.put("advertised.listeners", "PLAINTEXT://" + bootstrapServers);
    props.put("controller.listener.names", "CONTROLLER");
    props.put("inter.broker.listener.name", "PLAINTEXT");
    props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
    props.put("log.dirs", dir.resolve("log").toString());
    // One broker: every internal topic with one replica, and few partitions so that it starts fast.
    props.put("offsets.topic.replication.factor", "1");
    props.put("offsets.topic.num.partitions", "1");
    props.put("transaction.state.log.replication.factor", "1");
    props.put("transaction.state.log.min.isr", "1");
    props.put("transaction.state.log.num.partitions", "3");
    props.put("share.coordinator.state.topic.replication.factor", "1");
    props.put("share.coordinator.state.topic.min.isr", "1");
    props.put("num.partitions", "4");
    props.put("group.initial.rebalance.delay.ms", "0");
    Path file = dir.resolve("server.properties");
    try (var out = Files.newBufferedWriter(file)) {
      props.store(out, null);
    }
    ByteArrayOutputStream said = new ByteArrayOutputStream();
    String[] format = {"format", "-t", Uuid.randomUuid().toString(), "-c", file.toString()};
    int formatted = StorageTool.execute(format, new PrintStream(said, true, StandardCharsets.UTF_8));
    if (formatted != 0) {
      throw new IllegalStateException("kafka-storage format failed: " + said.toString(StandardCharsets.UTF_8));
    }
    server = new KafkaRaftServer(new KafkaConfig(props), Time.SYSTEM);
    server.startup();
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    if (server != null) {
      server.shutdown();
      server.awaitShutdown();
    }
    if (dir != null) {
      try (var files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /** The broker's {@code host:port}. */
  public String bootstrapServers() {
    return bootstrapServers;
  }

  /** A topic name no other test uses. */
  public static String freshTopic(String name) {
    return name + "-" + UUID.randomUUID().toString().substring(0, 8);
  }

  /**
   * Every record of {@code topic} a {@code read_committed} consumer sees, from its beginning, read
   * up to the topic's last stable offsets: what committed before any transaction still open.
   */
  public List<ConsumerRecord<String, String>> readCommitted(String topic) {
    return read(topic, "read_committed");
  }

  /** Every record of {@code topic} in its log, committed, aborted or neither. */
  public List<ConsumerRecord<String, String>> readUncommitted(String topic) {
    return read(topic, "read_uncommitted");
  }

  private List<ConsumerRecord<String, String>> read(String topic, String isolation) {
    Properties props = new Properties();
    props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
    props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation);
    props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    List<ConsumerRecord<String, String>> records = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
      List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
          .map(p -> new TopicPartition(topic, p.partition())).toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      var ends = consumer.endOffsets(partitions);
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (partitions.stream().anyMatch(p -> consumer.position(p) < ends.get(p))) {
        if (System.nanoTime() > deadline) {
          throw new AssertionError("topic " + topic + " not read to " + ends + " within 30 s");
        }
        consumer.poll(Duration.ofMillis(100)).forEach(records::add);
      }
    }
    return records;
  }
}
