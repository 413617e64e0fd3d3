package io.letterbox.bench.process;

import io.letterbox.bench.targets.Unavailable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A server process the bench started on loopback, and stops again. */
public final class LocalServer implements AutoCloseable {
  private final String name;
  private final Process process;
  private final int port;
  private final Path log;
  /** Stops the server if the bench is interrupted (Ctrl-C) before it could close it. */
  private final Thread onExit;

  private LocalServer(String name, Process process, int port, Path log) {
    this.name = name;
    this.process = process;
    this.port = port;
    this.log = log;
    this.onExit = new Thread(process::destroy, "stop-" + name);
    Runtime.getRuntime().addShutdownHook(onExit);
  }

  /** Starts {@code command} (its output to {@code log}) and waits until it accepts connections on {@code port}. */
  public static LocalServer start(String name, List<String> command, int port, Path log, int timeoutSeconds)
      throws Unavailable {
    Process p;
    try {
      Files.createDirectories(log.getParent());
      p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    } catch (IOException e) {
      throw new Unavailable("cannot start " + name + ": " + e.getMessage(), e);
    }
    LocalServer server = new LocalServer(name, p, port, log);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
    while (System.nanoTime() < deadline) {
      if (!p.isAlive()) {
        throw new Unavailable(name + " exited with " + p.exitValue() + " at start: " + tail(log));
      }
      if (accepts(port)) {
        return server;
      }
      sleep(100);
    }
    server.close();
    throw new Unavailable(name + " did not accept connections on port " + port + " within "
        + timeoutSeconds + " s: " + tail(log));
  }

  public int port() {
    return port;
  }

  /** @return the server's process id */
  public long pid() {
    return process.pid();
  }

  /** @return a port nobody listens on now */
  public static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /** The last lines of a log, for a failure message. */
  public static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  /** SIGKILL: no shutdown hook, no flush (the crash soak's crash). Waits until the process is gone. */
  public void kill() throws InterruptedException {
    try {
      Runtime.getRuntime().removeShutdownHook(onExit);
    } catch (IllegalStateException e) {
      // the JVM is exiting: the hook stops the server
    }
    if (!process.destroyForcibly().waitFor(30, TimeUnit.SECONDS)) {
      throw new IllegalStateException(name + " survived SIGKILL for 30 s");
    }
  }

  /** Asks the server to stop (SIGTERM), then kills it if it takes more than a minute. */
  @Override
  public void close() {
    try {
      Runtime.getRuntime().removeShutdownHook(onExit);
    } catch (IllegalStateException e) {
      // the JVM is exiting: the hook stops the server
    }
    process.destroy();
    try {
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        System.err.println(name + " did not stop within 60 s; killing it");
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private static boolean accepts(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public String toString() {
    return name + " on 127.0.0.1:" + port + " (log " + log + ")";
  }
}
