package io.letterbox.bench.wrk;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The wrk load generator (Debian's {@code wrk}, 4.1) in its own process: {@code wrk -t2 -cC -dDs
 * --latency --timeout 5s -s script URL} with settings for the script in its environment.
 */
public final class Wrk {
  /** A request unanswered this long counts as a timeout, a failure. */
  public static final int TIMEOUT_SECONDS = 5;
  private final Path binary;

  private Wrk(Path binary) {
    this.binary = binary;
  }

  /** wrk from the PATH, or empty when it is not installed. */
  public static Optional<Wrk> onPath() {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(File.pathSeparator)) {
      Path candidate = Path.of(dir.isEmpty() ? "." : dir, "wrk");
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(new Wrk(candidate));
      }
    }
    return Optional.empty();
  }

  /** The command line of every run, with its placeholders, for the report. */
  public static String template(int seconds) {
    return "wrk -t<min(2,C)> -c<C> -d" + seconds + "s --latency --timeout " + TIMEOUT_SECONDS
        + "s -s <operation>.lua <url>";
  }

  /** The command line of one run, as it is started. */
  public List<String> command(Path script, URI url, int connections, int seconds) {
    int threads = Math.min(2, connections);
    return List.of(binary.toString(), "-t" + threads, "-c" + connections, "-d" + seconds + "s", "--latency",
        "--timeout", TIMEOUT_SECONDS + "s", "-s", script.toString(), url.toString());
  }

  /** Runs wrk and returns what its script's summary line says; fails with wrk's output if it fails. */
  public WrkResult run(Path script, URI url, int connections, int seconds, Map<String, String> env)
      throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(command(script, url, connections, seconds)).redirectErrorStream(true);
    builder.environment().putAll(env);
    Process p = builder.start();
    CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
    if (!p.waitFor(seconds + 60L, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException("wrk did not finish within " + (seconds + 60) + " s");
    }
    String text = output.join();
    if (p.exitValue() != 0) {
      throw new IllegalStateException("wrk exited with " + p.exitValue() + ": " + WrkResult.tail(text));
    }
    return WrkResult.parse(text);
  }

  private static String read(InputStream in) {
    try (in) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "(output unreadable: " + e.getMessage() + ")";
    }
  }

  /** The version line wrk prints, for the report. */
  public String version() throws IOException, InterruptedException {
    Process p = new ProcessBuilder(binary.toString(), "-v").redirectErrorStream(true).start();
    String text = read(p.getInputStream());
    p.waitFor(10, TimeUnit.SECONDS);
    return text.lines().findFirst().orElse("wrk").trim();
  }

  @Override
  public String toString() {
    return binary.toString();
  }
}
