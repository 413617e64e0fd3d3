package io.letterbox.server.support;

import static org.awaitility.Awaitility.await;

import io.letterbox.server.Main;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.awaitility.core.ConditionTimeoutException;

/** A server in a child JVM, for tests that kill it with SIGKILL and start it again. */
public final class ChildServer implements AutoCloseable {
  private final Path dir;
  private final int port;
  private Process process;

  public ChildServer(Path dir) throws IOException {
    this.dir = dir;
    try (ServerSocket s = new ServerSocket(0)) {
      this.port = s.getLocalPort();
    }
  }

  /** Starts the server on {@code dir/data} and waits until it is healthy; {@code name} names its log. */
  public Api start(String name, String... extraArgs) throws IOException {
    return startUnder(List.of(), name, extraArgs);
  }

  /**
   * As {@link #start}, with the java command run by {@code wrapper} (e.g. {@code prlimit
   * --nofile=1024:1024 --}, which lowers the child's limits).
   */
  public Api startUnder(List<String> wrapper, String name, String... extraArgs) throws IOException {
    return launch(wrapper, List.of(), name, extraArgs);
  }

  /** As {@link #start}, with {@code jvmOptions} (e.g. {@code -Xmx256m}) given to the child's JVM. */
  public Api startWith(List<String> jvmOptions, String name, String... extraArgs) throws IOException {
    return launch(List.of(), jvmOptions, name, extraArgs);
  }

  private Api launch(List<String> wrapper, List<String> jvmOptions, String name, String... extraArgs)
      throws IOException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> command = new ArrayList<>(wrapper);
    command.add(java.toString());
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"),
        Main.class.getName(), "serve", "--port", Integer.toString(port), "--data-dir", dir.resolve("data").toString()));
    command.addAll(List.of(extraArgs));
    Path log = log(name);
    process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    Api api = new Api(port);
    try {
      // A ceiling only: a loaded CI machine starts a JVM and opens RocksDB slowly.
      await("server " + name + " healthy").atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(100))
          .failFast("the server exited", () -> {
            if (!process.isAlive()) {
              throw new AssertionError("server exited: " + Files.readString(log));
            }
          })
          .until(() -> healthy(api));
    } catch (ConditionTimeoutException e) {
      throw new AssertionError("server did not become healthy: " + Files.readString(log), e);
    }
    return api;
  }

  private static boolean healthy(Api api) {
    try {
      return api.get("/health").status() == 200;
    } catch (AssertionError notListeningYet) {
      return false;
    }
  }

  public int port() {
    return port;
  }

  /** The log (standard output and error) of the child started as {@code name}. */
  public Path log(String name) {
    return dir.resolve(name + ".log");
  }

  /** SIGKILL: no shutdown hook, no flush. */
  public void kill() throws InterruptedException {
    process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
  }

  @Override
  public void close() {
    if (process != null) {
      process.destroyForcibly();
    }
  }
}
