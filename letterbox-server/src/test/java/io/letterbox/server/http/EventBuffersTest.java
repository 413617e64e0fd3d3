package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.server.LetterboxServer;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.SlowEventClient;
import io.letterbox.server.support.TestServers;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Event streams are as many as connections, so bounding each one's unsent bytes does not bound
 * their sum: event-buffer-total-bytes does. With 256 MiB for a stream but 64 KiB for all of them,
 * a client that reads nothing is told SLOW_CONSUMER once the server holds 64 KiB for it.
 */
class EventBuffersTest {
  @TempDir
  Path dir;

  @Test
  void aSlowClientIsCutOffWhenAllStreamsTogetherHoldTooMuchThoughItsOwnBufferHasRoom() throws Exception {
    LetterboxServer server = TestServers.start(dir, b -> b.eventKeepAlive(Duration.ofMillis(200))
        .eventBufferBytes(256L << 20).eventBufferTotalBytes(64 * 1024));
    try {
      String last = SlowEventClient.lastEvent(new Api(server.port()), TestServers.freshUid(), TestServers.freshUid());
      assertThat(last).contains("SLOW_CONSUMER").contains("event-buffer-total-bytes");
    } finally {
      server.close();
    }
  }
}
