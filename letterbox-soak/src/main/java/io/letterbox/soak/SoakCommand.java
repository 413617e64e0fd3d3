package io.letterbox.soak;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code java -jar letterbox-soak/target/letterbox-soak.jar}: the crash soak. Runs the server jar
 * as a child process under mixed load and SIGKILLs it at seeded random moments, restarting it on
 * the same data directory, and checks after every restart that every acknowledged write is there
 * exactly once, counters are exact and ids still increase. Exits 1 on any loss, duplicate or
 * mismatch, printing each.
 */
@Command(name = "letterbox-soak", mixinStandardHelpOptions = true,
    description = "Crash soak: mixed load over HTTP, SIGKILL at random moments, restart, check every acknowledged write.")
public final class SoakCommand implements Callable<Integer> {
  public static void main(String[] args) {
    System.exit(new CommandLine(new SoakCommand()).execute(args));
  }

  @Spec
  CommandSpec spec;

  @Option(names = "--server-jar", description = "The server jar (default: ${DEFAULT-VALUE}).",
      defaultValue = "letterbox-server/target/letterbox-server.jar")
  Path serverJar;

  @Option(names = "--kills", description = "SIGKILLs, each followed by a restart and a check (default: ${DEFAULT-VALUE}).",
      defaultValue = "20")
  int kills;

  @Option(names = "--seed", description = "Seed of the load and of the kill moments (default: ${DEFAULT-VALUE}).",
      defaultValue = "42")
  long seed;

  @Option(names = "--threads", description = "Client threads, each with its own users (default: ${DEFAULT-VALUE}).",
      defaultValue = "4")
  int threads;

  @Option(names = "--users", description = "Users per thread, besides its broadcaster and capped sender"
      + " (default: ${DEFAULT-VALUE}).", defaultValue = "6")
  int users;

  @Option(names = "--round-ms", description = "Longest load before a kill; each kill comes at a random moment"
      + " between a fifth of it and all of it (default: ${DEFAULT-VALUE}).", defaultValue = "3000")
  int roundMillis;

  @Option(names = "--out", description = "Directory of the JSON result file (default: ${DEFAULT-VALUE}).",
      defaultValue = "soak-results")
  Path out;

  @Option(names = "--dir", description = "Where the server's data directory and logs go (default: a new temp dir).")
  Path dir;

  @Option(names = "--keep-data", description = "Keep the data directory and the server logs afterwards.")
  boolean keepData;

  @Option(names = "--trace", description = "Write every write request and its answer to this file.")
  Path trace;

  @Override
  public Integer call() throws Exception {
    if (!Files.isRegularFile(serverJar)) {
      System.err.println("no server jar at " + serverJar.toAbsolutePath() + " (build it, or give --server-jar)");
      return 2;
    }
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("seed", seed);
    parameters.put("command", "java -jar letterbox-soak.jar "
        + String.join(" ", spec.commandLine().getParseResult().originalArgs()));
    parameters.put("kills", kills);
    parameters.put("threads", threads);
    parameters.put("usersPerThread", users);
    parameters.put("roundMs", roundMillis);
    parameters.put("serverJar", serverJar.toString());
    Path work = dir != null ? Files.createTempDirectory(Files.createDirectories(dir), "soak-")
        : Files.createTempDirectory("letterbox-soak-");
    System.out.println("soak: data and server logs in " + work);
    SoakResult result = new SoakResult(parameters);
    Soak soak = new Soak(serverJar.toAbsolutePath(), work, threads, users, roundMillis, seed);
    try (java.io.PrintStream traceFile = trace == null ? null : new java.io.PrintStream(trace.toFile(), "UTF-8")) {
      soak.tally.traceTo(traceFile);
      soak.run(kills);
    } finally {
      if (!keepData && soak.tally.clean()) {
        SoakResult.deleteTree(work);
      }
    }
    Tally t = soak.tally;
    if (!t.clean()) {
      System.out.println("data kept in " + work);
    }
    t.problems().forEach(System.out::println);
    System.out.println("result file: " + result.write(t, kills, out));
    System.out.printf("soak %s: %d kills, %d writes acknowledged, %d checks verified, lost %d, duplicated %d,"
        + " mismatched %d%n", t.clean() ? "ok" : "FAILED", kills, t.acknowledged.get(), t.verified.get(),
        t.lost.get(), t.duplicated.get(), t.mismatched.get());
    return t.clean() ? 0 : 1;
  }
}
