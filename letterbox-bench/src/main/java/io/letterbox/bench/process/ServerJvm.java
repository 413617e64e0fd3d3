package io.letterbox.bench.process;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How the bench starts a Letterbox server of its own: with the JVM flags {@code ./letterbox serve}
 * gives it (decision 0019), so that what is measured is what a user runs.
 */
public final class ServerJvm {
  /** The launcher's flags for the server, in its order. Keep in step with {@code ./letterbox}. */
  public static final List<String> FLAGS = List.of("-XX:+UseG1GC", "-XX:+ExitOnOutOfMemoryError",
      "-Dfile.encoding=UTF-8");

  private ServerJvm() {}

  /** @return the command running {@code jar} with {@code args} on this JVM's java, with {@link #FLAGS} */
  public static List<String> command(Path jar, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(FLAGS);
    command.add("-jar");
    command.add(jar.toString());
    command.addAll(args);
    return command;
  }
}
