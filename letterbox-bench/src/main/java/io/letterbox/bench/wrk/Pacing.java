package io.letterbox.bench.wrk;

/**
 * Paced runs with wrk 4, which has no rate option: each connection waits before each request, so
 * one connection offers {@code 1000 / (delay + latency)} requests a second and C of them C times
 * that. The first delay ignores latency ({@code C * 1000 / rate}); when a run falls short of its
 * rate, the next delay takes off the time each request actually spent beyond its delay, but at
 * most half the first delay: a run that fell short because the server was still warming up (its
 * latency then was not its latency at this rate) must not turn pacing off.
 */
public final class Pacing {
  private Pacing() {}

  /** The delay in milliseconds before each request on each of {@code connections} to offer {@code rate}/s. */
  public static double firstDelayMillis(int connections, double rate) {
    if (connections < 1 || rate <= 0) {
      throw new IllegalArgumentException("pacing needs connections >= 1 and a positive rate");
    }
    return connections * 1000.0 / rate;
  }

  /**
   * The delay for a second try after a run with {@code delayMillis} achieved {@code achieved}/s:
   * the cycle each connection must keep, less what a request took beyond its delay; between half
   * and one and a half times the first delay.
   */
  public static double correctedDelayMillis(int connections, double rate, double delayMillis, double achieved) {
    if (achieved <= 0) {
      return delayMillis;
    }
    double first = firstDelayMillis(connections, rate);
    double spentBeyondDelay = connections * 1000.0 / achieved - delayMillis;
    double corrected = connections * 1000.0 / rate - spentBeyondDelay;
    return Math.min(1.5 * first, Math.max(0.5 * first, corrected));
  }

  /** Whether {@code achieved} is within {@code tolerance} (a share, e.g. 0.07) of {@code rate}. */
  public static boolean close(double achieved, double rate, double tolerance) {
    return Math.abs(achieved - rate) <= tolerance * rate;
  }
}
