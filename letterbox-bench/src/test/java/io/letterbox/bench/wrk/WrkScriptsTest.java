package io.letterbox.bench.wrk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Each operation's script is the shared part (summary, failures, pacing) and its own request(). */
class WrkScriptsTest {
  @TempDir
  Path tmp;

  @ParameterizedTest
  @EnumSource(WrkOperation.class)
  void everyOperationHasAWholeScript(WrkOperation op) throws IOException {
    String script = Files.readString(WrkScripts.write(tmp, op));

    assertThat(script).contains("function done(summary, latency, requests)", "function response(status",
        "function request()", "os.getenv(\"LB_DELAY_MS\")");
  }
}
