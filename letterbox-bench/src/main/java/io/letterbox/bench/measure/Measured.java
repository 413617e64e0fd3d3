package io.letterbox.bench.measure;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one timed phase did: operations completed and failed, its wall time and latencies.
 *
 * @param firstError the message of the first failure, or null
 * @param samplesMs each operation's time in ms, in order, where they were timed one at a time
 *     ({@link Sequence}); empty for a timed loop
 */
public record Measured(long ops, long errors, double seconds, Latency latency, String firstError,
    List<Double> samplesMs) {

  public Measured(long ops, long errors, double seconds, Latency latency, String firstError) {
    this(ops, errors, seconds, latency, firstError, List.of());
  }

  public double perSecond() {
    return seconds > 0 ? ops / seconds : 0;
  }

  /**
   * The standard figures of a phase, in table order: rate, then mean, p50, p99, p999 in ms. The
   * mean shows when a few very slow operations (beyond p999) pulled the rate down.
   */
  public Map<String, Double> figures(String rateName) {
    Map<String, Double> f = new LinkedHashMap<>();
    f.put(rateName, perSecond());
    f.put("mean ms", latency.meanMillis());
    f.put("p50 ms", latency.millisAt(50));
    f.put("p99 ms", latency.millisAt(99));
    f.put("p999 ms", latency.millisAt(99.9));
    if (errors > 0) {
      f.put("errors", (double) errors);
    }
    return f;
  }

  /**
   * The figures of a few operations timed one by one, where a rate means nothing (each came after
   * a restart, or after the one before): how many, then p50, p99 and the largest in ms.
   */
  public Map<String, Double> sampleFigures() {
    Map<String, Double> f = new LinkedHashMap<>();
    f.put("samples", (double) ops);
    f.put("p50 ms", latency.millisAt(50));
    f.put("p99 ms", latency.millisAt(99));
    f.put("max ms", latency.maxMillis());
    if (errors > 0) {
      f.put("errors", (double) errors);
    }
    return f;
  }
}
