package io.letterbox.soak;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One life of the server under soak: {@code java -jar SERVER_JAR serve} on a free port and the
 * run's data directory, started, healthy, then killed with SIGKILL (or, at the end, stopped).
 */
final class SoakServer implements AutoCloseable {
  private static final int START_SECONDS = 120;
  /** The JVM flags {@code ./letterbox serve} gives the server: the soak crashes what a user runs. */
  static final List<String> JVM_FLAGS = List.of("-XX:+UseG1GC", "-XX:+ExitOnOutOfMemoryError", "-Dfile.encoding=UTF-8");

  private final Process process;
  private final SoakHttp http;
  final int life;

  private SoakServer(Process process, int port, int life, Tally trace) {
    this.process = process;
    this.http = new SoakHttp(port, trace);
    this.life = life;
  }

  /** Starts life {@code life} on {@code dataDir} (its log in {@code logs}) and waits for /health 200; writes go to {@code trace}'s trace. */
  static SoakServer start(Path jar, Path dataDir, Path logs, int life, Tally trace)
      throws IOException, InterruptedException {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(JVM_FLAGS);
    command.addAll(List.of("-jar", jar.toString(), "serve", "--port", Integer.toString(port), "--data-dir",
        dataDir.toString()));
    Path log = logs.resolve("server-life-" + life + ".log");
    Files.createDirectories(logs);
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    SoakServer server = new SoakServer(p, port, life, trace);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
    while (!server.healthy()) {
      if (!p.isAlive() || System.nanoTime() > deadline) {
        server.close();
        throw new IOException("the server (life " + life + ") was not healthy within " + START_SECONDS
            + " s: " + tail(log));
      }
      Thread.sleep(100);
    }
    return server;
  }

  private boolean healthy() {
    try {
      return http.get("/health").status() == 200;
    } catch (SoakHttp.Unanswered e) {
      return false;
    }
  }

  SoakHttp http() {
    return http;
  }

  /** SIGKILL, the crash: no shutdown hook, no flush. Waits until the process is gone. */
  void kill() throws InterruptedException {
    if (!process.destroyForcibly().waitFor(30, TimeUnit.SECONDS)) {
      throw new IllegalStateException("the server (life " + life + ") survived SIGKILL for 30 s");
    }
  }

  /** Asks the server to stop (SIGTERM), then kills it if it takes more than a minute. */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }
}
