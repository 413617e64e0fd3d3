package io.letterbox.bench.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerJvmTest {
  /** The launcher at the checkout's root; Maven runs a module's tests in the module's directory. */
  private static final Path LAUNCHER = Path.of("..", "letterbox");

  @Test
  void theBenchStartsTheServerWithTheFlagsTheLauncherGivesIt() throws Exception {
    String launcher = Files.readString(LAUNCHER);
    assertThat(launcher).contains("flags=(-XX:+UseG1GC \"${flags[@]}\")")
        .contains("flags=(" + String.join(" ", ServerJvm.FLAGS.subList(1, ServerJvm.FLAGS.size())) + ")");
    assertThat(ServerJvm.FLAGS.get(0)).isEqualTo("-XX:+UseG1GC");
  }

  @Test
  void aServerCommandIsThisJavaWithTheFlagsThenTheJarAndItsArguments() {
    List<String> command = ServerJvm.command(Path.of("server.jar"), List.of("serve", "--port", "1"));

    assertThat(command.get(0)).isEqualTo(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    assertThat(command.subList(1, 1 + ServerJvm.FLAGS.size())).isEqualTo(ServerJvm.FLAGS);
    assertThat(command.subList(1 + ServerJvm.FLAGS.size(), command.size()))
        .containsExactly("-jar", "server.jar", "serve", "--port", "1");
  }
}
