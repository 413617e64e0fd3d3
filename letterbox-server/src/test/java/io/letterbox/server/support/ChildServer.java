package io.letterbox.server.support;

import io.letterbox.server.Main;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
  public Api start(String name, String... extraArgs) throws IOException, InterruptedException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> command = new ArrayList<>(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
        Main.class.getName(), "serve", "--port", Integer.toString(port), "--data-dir", dir.resolve("data").toString()));
    command.addAll(List.of(extraArgs));
    Path log = dir.resolve(name + ".log");
    process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    Api api = new Api(port);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new AssertionError("server exited: " + Files.readString(log));
      }
      try {
        if (api.get("/health").status() == 200) {
          return api;
        }
      } catch (AssertionError notYet) {
        Thread.sleep(100);
      }
    }
    throw new AssertionError("server did not become healthy: " + Files.readString(log));
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
