package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.letterbox.server.LetterboxServer;
import io.letterbox.server.config.ServerSettings;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.KafkaBroker;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import io.letterbox.server.support.Tokens;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The change stream's lag is a gauge of /metrics, as the webhooks' is: what a platform team watches. */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ChangeStreamLagGaugeTest {
  @RegisterExtension static final KafkaBroker KAFKA = new KafkaBroker();
  private static final Duration WAIT = Duration.ofMinutes(1);

  @TempDir
  Path dir;

  private LetterboxServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void theKafkaLagGaugeIsZeroOnceEveryEventOfTheSendsIsCommitted() {
    String topic = KafkaBroker.freshTopic("lag");
    server = TestServers.start(dir.resolve("data"), b -> Tokens.accepted(b)
        .with(ServerSettings.KAFKA_BOOTSTRAP_SERVERS, KAFKA.bootstrapServers())
        .with(ServerSettings.KAFKA_TOPIC, topic));
    Api api = new Api(server.port()).withKey(Tokens.SERVICE_KEY);
    long from = TestServers.freshUid();
    long to = TestServers.freshUid();
    for (int i = 0; i < 20; i++) {
      Reply r = api.post("/v1/messages", "{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"m" + i + "\"}");
      assertThat(r.status()).as("%s", r).isEqualTo(201);
    }

    await().atMost(WAIT).until(() -> KAFKA.readCommitted(topic).size() >= 40);
    await().atMost(WAIT).untilAsserted(() -> assertThat(api.get("/metrics").body())
        .contains("letterbox_kafka_lag_events 0.0"));
  }
}
