package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.model.FrequencyCap;
import io.letterbox.server.LetterboxServer;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.TestServers;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DefaultCapTest {

  @Test
  void aSenderWithoutItsOwnCapHasTheConfiguredDefault(@TempDir Path dir) {
    try (LetterboxServer server = TestServers.start(dir, b -> b.defaultCap(new FrequencyCap(5, Duration.ofHours(1))))) {
      Api api = new Api(server.port());

      assertThat(api.get("/v1/senders/" + TestServers.freshUid() + "/cap").body())
          .isEqualTo("{\"messages\":5,\"period\":\"PT1H\"}");
    }
  }
}
