package io.letterbox.bench.scenario;

import io.letterbox.bench.measure.MachineCpu;
import io.letterbox.bench.process.ThreadCpu;
import io.letterbox.bench.report.Report;
import io.letterbox.bench.wrk.Pacing;
import io.letterbox.bench.wrk.Wrk;
import io.letterbox.bench.wrk.WrkOperation;
import io.letterbox.bench.wrk.WrkResult;
import java.net.URI;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One operation of the {@code http} scenario: an unmeasured warm-up, then wrk at each connection
 * count in turn; the highest throughput of a run without failures is the operation's max; then
 * wrk paced (per-connection {@code delay()}) at 50 % and 80 % of it on the max's connection count.
 * A paced run that misses its rate by more than 7 % is run again (up to {@code pacedTries} runs in
 * all) with the delay corrected for the latency it saw ({@link Pacing}); the last run counts. Any failure (socket error, timeout, answer not 2xx) fails
 * its row, and so the run.
 *
 * <p>Where the server indexes for search, each run starts once the index has caught up with the
 * runs before it (the wait is reported), and each row gives the entries left to index when the run
 * ended: a rate the index did not keep up with is not one the server can sustain.
 *
 * <p>Each row also gives the server's CPU per request (its process CPU time over the run, from its
 * metrics, divided by the run's requests) and the cores the server and the whole machine were busy
 * for (and the hypervisor took, steal): the rate says what the machine served, the CPU per request
 * what each request cost the server (its background work included), and the machine's busy cores
 * whether something besides the server and wrk held the run back.
 *
 * <p>For a server the bench started on this machine, each row also gives the busiest thread's part
 * of the server's CPU over the run ({@link ThreadCpu}, from {@code /proc}), and each saturating run
 * a note naming the busiest threads: a server bound to one thread (one event loop, one writer)
 * shows it there, whatever its total.
 */
final class WrkSweep {
  static final String TARGET = "letterbox-http";
  private static final String WARM_UP = "warm-up";
  /** Threads named in a saturating run's note of the server's busiest threads. */
  private static final int BUSIEST_SHOWN = 6;
  private static final double TOLERANCE = 0.07;
  /** The longest wait for the search index to catch up before a run. */
  private static final java.time.Duration INDEX_CATCH_UP = java.time.Duration.ofMinutes(5);
  private final Wrk wrk;
  private final URI url;
  private final Map<String, String> env;
  private final Report report;
  private final boolean verbose;
  private final int pacedTries;
  private final ServerMetrics metrics;
  /** The server's process id, where this machine runs it; null: its threads are not read. */
  private final Long serverPid;
  private int invocation;
  private double waited;
  private Long lagAfter;
  private Map<String, Double> cpu = Map.of();

  /** The max and the paced runs' figures, for the targets; null where not measured. */
  record Outcome(Double maxPerSecond, Double p99MillisAtHalf, Double p99MillisAt80) {}

  /**
   * @param metrics   the server's metrics, read before and after each run; null: not read
   * @param serverPid the server's process on this machine, whose threads' CPU is read before and
   *     after each run; null: not read
   */
  WrkSweep(Wrk wrk, URI url, Map<String, String> env, Report report, int pacedTries, boolean verbose,
      ServerMetrics metrics, Long serverPid) {
    if (pacedTries < 1) {
      throw new IllegalArgumentException("paced tries must be >= 1");
    }
    this.pacedTries = pacedTries;
    this.wrk = wrk;
    this.url = url;
    this.env = env;
    this.report = report;
    this.verbose = verbose;
    this.metrics = metrics;
    this.serverPid = serverPid;
  }

  Outcome run(WrkOperation op, Path script, List<Integer> connections, int seconds, int warmup) throws Exception {
    if (warmup > 0) {
      WrkResult w = wrk(op, script, Math.min(64, connections.get(connections.size() - 1)), warmup, 0, WARM_UP);
      if (w.failures() > 0) {
        report.fail(op.label() + ": warm-up", TARGET, w.failureText());
        return new Outcome(null, null, null);
      }
    }
    WrkResult best = null;
    int bestConnections = 0;
    for (int c : connections) {
      WrkResult r = wrk(op, script, c, seconds, 0, c + " connections");
      String row = op.label() + ": " + c + (c == 1 ? " connection" : " connections");
      if (r.failures() > 0) {
        report.fail(row, TARGET, r.failureText());
        continue;
      }
      report.add(row, TARGET, latencies(r, Map.of("req/s", r.perSecond())));
      if (best == null || r.perSecond() > best.perSecond()) {
        best = r;
        bestConnections = c;
      }
    }
    if (best == null) {
      report.fail(op.label() + ": max", TARGET, "every run had failures");
      return new Outcome(null, null, null);
    }
    Map<String, Double> max = new LinkedHashMap<>();
    max.put("req/s", best.perSecond());
    max.put("connections", (double) bestConnections);
    report.add(op.label() + ": max", TARGET, max);
    Double half = paced(op, script, bestConnections, best.perSecond(), 0.5, seconds);
    Double eighty = paced(op, script, bestConnections, best.perSecond(), 0.8, seconds);
    return new Outcome(best.perSecond(), half, eighty);
  }

  /** A paced run at {@code share} of {@code max}; returns its p99 in ms, or null if it failed. */
  private Double paced(WrkOperation op, Path script, int c, double max, double share, int seconds) throws Exception {
    String share100 = Math.round(share * 100) + "% of max";
    String row = op.label() + ": " + share100;
    double rate = share * max;
    double delay = Pacing.firstDelayMillis(c, rate);
    WrkResult r = wrk(op, script, c, seconds, delay, share100);
    int tries = 1;
    while (tries < pacedTries && r.failures() == 0 && !Pacing.close(r.perSecond(), rate, TOLERANCE)) {
      delay = Pacing.correctedDelayMillis(c, rate, delay, r.perSecond());
      tries++;
      r = wrk(op, script, c, seconds, delay, share100 + ", try " + tries);
    }
    if (r.failures() > 0) {
      report.fail(row, TARGET, r.failureText());
      return null;
    }
    Map<String, Double> f = new LinkedHashMap<>();
    f.put("offered req/s", rate);
    f.put("achieved req/s", r.perSecond());
    f.put("connections", (double) c);
    f.put("delay ms", delay);
    f.put("tries", (double) tries);
    report.add(row, TARGET, latencies(r, f));
    return r.p99Micros() / 1000.0;
  }

  /**
   * The busiest thread's part of the server's CPU over a run, as a figure of its row; for a
   * saturating run (not paced, not the warm-up) also the busiest threads, as a note.
   */
  private void threads(WrkOperation op, String what, double delayMillis, List<ThreadCpu.Share> shares) {
    if (shares.isEmpty() || shares.get(0).ticks() == 0) {
      return;
    }
    cpu.put("top thread % of server CPU", shares.get(0).share() * 100);
    if (delayMillis == 0 && !what.equals(WARM_UP)) {
      report.note(op.label() + ", " + what + ": the server's busiest threads (share of its CPU): "
          + ThreadCpu.busiest(shares, BUSIEST_SHOWN));
    }
  }

  private Map<String, Double> latencies(WrkResult r, Map<String, Double> first) {
    Map<String, Double> f = new LinkedHashMap<>(first);
    f.put("p50 ms", r.p50Micros() / 1000.0);
    f.put("p90 ms", r.p90Micros() / 1000.0);
    f.put("p99 ms", r.p99Micros() / 1000.0);
    f.put("max ms", r.maxMicros() / 1000.0);
    f.put("requests", (double) r.requests());
    if (lagAfter != null) {
      f.put("index caught up before, s", waited);
      f.put("index lag after, entries", (double) lagAfter);
    }
    f.putAll(cpu);
    return f;
  }

  private WrkResult wrk(WrkOperation op, Path script, int c, int seconds, double delayMillis, String what)
      throws Exception {
    Map<String, String> e = new HashMap<>(env);
    e.put("LB_RUN", env.get("LB_RUN") + "-" + (++invocation));
    e.put("LB_SEED", Long.toString(Long.parseLong(env.get("LB_SEED")) + invocation));
    e.put("LB_DELAY_MS", String.format(java.util.Locale.ROOT, "%.3f", delayMillis));
    ServerMetrics.Reading before = null;
    if (metrics != null) {
      long waitStart = System.nanoTime();
      before = metrics.awaitCaughtUp(INDEX_CATCH_UP);
      waited = (System.nanoTime() - waitStart) / 1e9;
    }
    Optional<MachineCpu> machineBefore = MachineCpu.read();
    Optional<ThreadCpu> threadsBefore = serverPid == null ? Optional.empty() : ThreadCpu.read(serverPid);
    long start = System.nanoTime();
    WrkResult r = wrk.run(script, url, c, seconds, e);
    double wall = (System.nanoTime() - start) / 1e9;
    Optional<MachineCpu> machineAfter = MachineCpu.read();
    Optional<ThreadCpu> threadsAfter = serverPid == null ? Optional.empty() : ThreadCpu.read(serverPid);
    cpu = new LinkedHashMap<>();
    if (metrics != null) {
      ServerMetrics.Reading after = metrics.read();
      lagAfter = after.searchLag().isPresent() ? after.searchLag().getAsLong() : null;
      if (before.cpuNanos().isPresent() && after.cpuNanos().isPresent() && r.requests() > 0) {
        double nanos = after.cpuNanos().getAsDouble() - before.cpuNanos().getAsDouble();
        cpu.put("server CPU µs/req", nanos / 1e3 / r.requests());
        cpu.put("server cores", nanos / 1e9 / wall);
      }
    }
    if (machineBefore.isPresent() && machineAfter.isPresent()) {
      cpu.put("machine busy cores", machineAfter.get().busyCoresSince(machineBefore.get(), wall));
      cpu.put("machine steal cores", machineAfter.get().stealCoresSince(machineBefore.get(), wall));
    }
    if (threadsBefore.isPresent() && threadsAfter.isPresent()) {
      threads(op, what, delayMillis, threadsAfter.get().sharesSince(threadsBefore.get()));
    }
    if (verbose) {
      System.err.printf("%s, %s: %,.0f req/s, p50 %.2f ms, p99 %.2f ms%s%s%n", op.script(), what, r.perSecond(),
          r.p50Micros() / 1000.0, r.p99Micros() / 1000.0,
          lagAfter == null ? "" : String.format(java.util.Locale.ROOT, ", index lag after %,d (caught up %.1f s before)", lagAfter, waited),
          r.failures() > 0 ? ", FAILURES: " + r.failureText() : "");
    }
    return r;
  }
}
