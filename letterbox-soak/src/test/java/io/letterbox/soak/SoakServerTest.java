package io.letterbox.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The soak crashes the server as a user runs it: with the JVM flags of the launcher at the checkout's root. */
class SoakServerTest {
  @Test
  void theSoakStartsTheServerWithTheFlagsTheLauncherGivesIt() throws Exception {
    String launcher = Files.readString(Path.of("..", "letterbox"));

    assertThat(SoakServer.JVM_FLAGS.get(0)).isEqualTo("-XX:+UseG1GC");
    assertThat(launcher).contains("flags=(-XX:+UseG1GC \"${flags[@]}\")")
        .contains("flags=(" + String.join(" ", SoakServer.JVM_FLAGS.subList(1, SoakServer.JVM_FLAGS.size())) + ")");
  }
}
