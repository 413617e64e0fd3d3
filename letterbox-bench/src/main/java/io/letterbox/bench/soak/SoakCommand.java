package io.letterbox.bench.soak;

import io.letterbox.bench.report.Machine;
import io.letterbox.bench.report.Report;
import io.letterbox.bench.report.ResultFile;
import io.letterbox.bench.report.Table;
import io.letterbox.bench.scenario.ScenarioCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code soak}: the crash soak (issue 16). Runs the server jar as a child process under mixed
 * load and SIGKILLs it at seeded random moments, restarting it on the same data directory, and
 * checks after every restart that every acknowledged write is there exactly once, counters are
 * exact and ids still increase. Exits 1 on any loss, duplicate or mismatch, printing each.
 */
@Command(name = "soak", mixinStandardHelpOptions = true,
    description = "Crash soak: mixed load over HTTP, SIGKILL at random moments, restart, check every acknowledged write.")
public final class SoakCommand implements Callable<Integer> {
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
      defaultValue = "bench-results")
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
    Report report = new Report("soak");
    report.parameter("seed", seed);
    report.parameter("command", "java -jar letterbox-bench.jar "
        + String.join(" ", spec.commandLine().getParseResult().originalArgs()));
    report.parameter("kills", kills);
    report.parameter("threads", threads);
    report.parameter("usersPerThread", users);
    report.parameter("roundMs", roundMillis);
    report.target("letterbox-http", "the server jar in a child process (java -jar " + serverJar + " serve), SIGKILLed"
        + " and restarted on the same data directory; the load over HTTP/1.1 from this process");
    Path work = dir != null ? Files.createTempDirectory(Files.createDirectories(dir), "soak-")
        : Files.createTempDirectory("letterbox-soak-");
    Machine machine = Machine.here(work);
    System.out.println("soak: data and server logs in " + work);
    Soak soak = new Soak(serverJar.toAbsolutePath(), work, threads, users, roundMillis, seed);
    try (java.io.PrintStream traceFile = trace == null ? null : new java.io.PrintStream(trace.toFile(), "UTF-8")) {
      soak.tally.traceTo(traceFile);
      soak.run(kills);
    } finally {
      if (!keepData && soak.tally.clean()) {
        ScenarioCommand.deleteTree(work);
      }
    }
    Tally t = soak.tally;
    Map<String, Double> f = new LinkedHashMap<>();
    f.put("kills", (double) kills);
    f.put("writes acknowledged", (double) t.acknowledged.get());
    f.put("unanswered at a kill", (double) t.unanswered.get());
    f.put("of those stored", (double) t.inFlightStored.get());
    f.put("checks verified", (double) t.verified.get());
    f.put("lost", (double) t.lost.get());
    f.put("duplicated", (double) t.duplicated.get());
    f.put("mismatched", (double) t.mismatched.get());
    report.add("crash soak", "letterbox-http", f);
    List<String> problems = t.problems();
    problems.stream().limit(50).forEach(report::note);
    if (!t.clean()) {
      report.fail("every acknowledged write exactly once", "letterbox-http", t.lost.get() + " lost, "
          + t.duplicated.get() + " duplicated, " + t.mismatched.get() + " mismatched; data kept in " + work);
    }
    report.finish(machine);
    Table.print(report, System.out);
    System.out.println("result file: " + ResultFile.write(report, out));
    System.out.printf("soak %s: %d kills, %d writes acknowledged, %d checks verified, lost %d, duplicated %d,"
        + " mismatched %d%n", t.clean() ? "ok" : "FAILED", kills, t.acknowledged.get(), t.verified.get(),
        t.lost.get(), t.duplicated.get(), t.mismatched.get());
    return t.clean() ? 0 : 1;
  }
}
