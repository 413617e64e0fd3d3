package io.letterbox.bench.scenario;

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
 */
final class WrkSweep {
  static final String TARGET = "letterbox-http";
  private static final double TOLERANCE = 0.07;
  /** The longest wait for the search index to catch up before a run. */
  private static final java.time.Duration INDEX_CATCH_UP = java.time.Duration.ofMinutes(5);
  private final Wrk wrk;
  private final URI url;
  private final Map<String, String> env;
  private final Report report;
  private final boolean verbose;
  private final int pacedTries;
  private final SearchLag lag;
  private int invocation;
  private double waited;
  private Long lagAfter;

  /** The max and the paced runs' figures, for the targets; null where not measured. */
  record Outcome(Double maxPerSecond, Double p99MillisAtHalf, Double p99MillisAt80) {}

  /** @param lag the server's search lag, waited for before each run and read after it; null: neither */
  WrkSweep(Wrk wrk, URI url, Map<String, String> env, Report report, int pacedTries, boolean verbose, SearchLag lag) {
    if (pacedTries < 1) {
      throw new IllegalArgumentException("paced tries must be >= 1");
    }
    this.pacedTries = pacedTries;
    this.wrk = wrk;
    this.url = url;
    this.env = env;
    this.report = report;
    this.verbose = verbose;
    this.lag = lag;
  }

  Outcome run(WrkOperation op, Path script, List<Integer> connections, int seconds, int warmup) throws Exception {
    if (warmup > 0) {
      WrkResult w = wrk(op, script, Math.min(64, connections.get(connections.size() - 1)), warmup, 0, "warm-up");
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
    return f;
  }

  private WrkResult wrk(WrkOperation op, Path script, int c, int seconds, double delayMillis, String what)
      throws Exception {
    Map<String, String> e = new HashMap<>(env);
    e.put("LB_RUN", env.get("LB_RUN") + "-" + (++invocation));
    e.put("LB_SEED", Long.toString(Long.parseLong(env.get("LB_SEED")) + invocation));
    e.put("LB_DELAY_MS", String.format(java.util.Locale.ROOT, "%.3f", delayMillis));
    if (lag != null) {
      waited = lag.awaitCaughtUp(INDEX_CATCH_UP);
    }
    WrkResult r = wrk.run(script, url, c, seconds, e);
    if (lag != null) {
      java.util.OptionalLong after = lag.entries();
      lagAfter = after.isPresent() ? after.getAsLong() : null;
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
