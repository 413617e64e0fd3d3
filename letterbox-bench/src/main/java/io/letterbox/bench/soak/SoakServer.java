package io.letterbox.bench.soak;

import io.letterbox.bench.baseline.BaselineUnavailable;
import io.letterbox.bench.baseline.LocalServer;
import io.letterbox.bench.baseline.ServerJvm;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One life of the server under soak: {@code java -jar SERVER_JAR serve} on a free port and the
 * run's data directory, started, healthy, then killed with SIGKILL (or, at the end, stopped).
 */
final class SoakServer implements AutoCloseable {
  private static final int START_SECONDS = 120;

  private final LocalServer process;
  private final SoakHttp http;
  final int life;

  private SoakServer(LocalServer process, int life, Tally trace) {
    this.process = process;
    this.http = new SoakHttp(process.port(), trace);
    this.life = life;
  }

  /** Starts life {@code life} on {@code dataDir} (its log in {@code logs}) and waits for /health 200; writes go to {@code trace}'s trace. */
  static SoakServer start(Path jar, Path dataDir, Path logs, int life, Tally trace)
      throws IOException, BaselineUnavailable, InterruptedException {
    int port = LocalServer.freePort();
    List<String> command = ServerJvm.command(jar, List.of("serve", "--port", Integer.toString(port), "--data-dir",
        dataDir.toString()));
    Path log = logs.resolve("server-life-" + life + ".log");
    SoakServer server = new SoakServer(LocalServer.start("letterbox (life " + life + ")", command, port, log,
        START_SECONDS), life, trace);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
    while (!server.healthy()) {
      if (System.nanoTime() > deadline) {
        server.close();
        throw new BaselineUnavailable("the server (life " + life + ") was not healthy within " + START_SECONDS
            + " s: " + LocalServer.tail(log));
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

  /** SIGKILL: the crash. */
  void kill() throws InterruptedException {
    process.kill();
  }

  @Override
  public void close() {
    process.close();
  }
}
