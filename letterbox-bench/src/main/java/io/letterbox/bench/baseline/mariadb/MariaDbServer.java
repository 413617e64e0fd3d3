package io.letterbox.bench.baseline.mariadb;

import io.letterbox.bench.process.LocalServer;
import io.letterbox.bench.process.Programs;
import io.letterbox.bench.targets.Unavailable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A MariaDB server of the bench's own: a fresh datadir, loopback only, started and stopped by
 * the bench. Its programs come from {@code letterbox-bench/provision-baselines}. Its settings are MariaDB's
 * durable defaults (every commit flushes and syncs the redo log) with the buffer pool the run
 * gives it (the cache budget every target gets).
 * The buffer pool is neither dumped at shutdown nor loaded at start: a restart starts it empty.
 */
public final class MariaDbServer implements AutoCloseable {

  private final Path daemon;
  private final Path workDir;
  private final String bufferPool;
  private LocalServer server;

  private MariaDbServer(Path daemon, Path workDir, String bufferPool) {
    this.daemon = daemon;
    this.workDir = workDir;
    this.bufferPool = bufferPool;
  }

  public static MariaDbServer start(Path workDir, String bufferPool) throws Unavailable {
    Path daemon = Programs.require("mariadbd", "mysqld");
    Path installDb = Programs.find("mariadb-install-db", "mysql_install_db");
    if (installDb == null) {
      throw new Unavailable("mariadb-install-db not found next to " + daemon);
    }
    Path data = workDir.resolve("data");
    String user = System.getProperty("user.name");
    run(workDir.resolve("install-db.log"), installDb.toString(), "--no-defaults", "--datadir=" + data,
        "--user=" + user, "--auth-root-authentication-method=normal", "--skip-test-db");
    MariaDbServer server = new MariaDbServer(daemon, workDir, bufferPool);
    server.launch();
    return server;
  }

  /** Stops the server (a clean shutdown), runs {@code whileStopped}, and starts it again on its data. */
  void restart(Runnable whileStopped) throws Unavailable {
    server.close();
    whileStopped.run();
    launch();
  }

  private void launch() throws Unavailable {
    Path data = workDir.resolve("data");
    String user = System.getProperty("user.name");
    int port;
    try {
      port = LocalServer.freePort();
    } catch (IOException e) {
      throw new Unavailable("no free port: " + e.getMessage(), e);
    }
    List<String> command = new ArrayList<>(List.of(daemon.toString(), "--no-defaults",
        "--datadir=" + data, "--port=" + port, "--bind-address=127.0.0.1",
        "--socket=" + workDir.resolve("mysqld.sock"), "--pid-file=" + workDir.resolve("mysqld.pid"),
        "--user=" + user, "--skip-grant-tables", "--skip-log-bin", "--max-connections=200",
        "--innodb-buffer-pool-size=" + bufferPool, "--innodb-log-file-size=256M",
        "--innodb-flush-log-at-trx-commit=1", "--innodb-buffer-pool-dump-at-shutdown=0",
        "--innodb-buffer-pool-load-at-startup=0", "--character-set-server=utf8mb4", "--local-infile=1"));
    server = LocalServer.start("mariadbd", command, port, workDir.resolve("mariadbd.log"), 120);
  }

  /**
   * JDBC URL of the server's {@code database}. Without TLS: the server listens on loopback only,
   * and Connector/J 4 asks for TLS by default, which a server started without certificates refuses.
   */
  String url(String database) {
    return "jdbc:mariadb://127.0.0.1:" + server.port() + "/" + database
        + "?user=root&allowLocalInfile=true&sslMode=disable";
  }

  @Override
  public void close() {
    server.close();
  }

  private static void run(Path log, String... command) throws Unavailable {
    try {
      Files.createDirectories(log.getParent());
      Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
        p.destroyForcibly();
        throw new Unavailable(command[0] + " failed: " + LocalServer.tail(log));
      }
    } catch (IOException e) {
      throw new Unavailable(command[0] + " failed: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Unavailable("interrupted", e);
    }
  }
}
