package io.letterbox.bench.baseline.redis;

import io.letterbox.bench.process.LocalServer;
import io.letterbox.bench.process.Programs;
import io.letterbox.bench.targets.Unavailable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A redis-server of the bench's own on loopback, as the seed's cache runs it: in memory, no
 * snapshots, its append-only file synced every second. Its program comes from
 * {@code letterbox-bench/provision-baselines}.
 */
final class RedisServer implements AutoCloseable {
  private final LocalServer server;

  private RedisServer(LocalServer server) {
    this.server = server;
  }

  static RedisServer start(Path workDir) throws Unavailable {
    Path binary = Programs.require("redis-server");
    int port;
    try {
      port = LocalServer.freePort();
    } catch (IOException e) {
      throw new Unavailable("no free port: " + e.getMessage(), e);
    }
    List<String> command = List.of(binary.toString(), "--port", String.valueOf(port), "--bind", "127.0.0.1",
        "--save", "", "--appendonly", "yes", "--appendfsync", "everysec", "--dir", workDir.toString(), "--daemonize", "no");
    return new RedisServer(LocalServer.start("redis-server", command, port, workDir.resolve("redis.log"), 30));
  }

  int port() {
    return server.port();
  }

  @Override
  public void close() {
    server.close();
  }
}
