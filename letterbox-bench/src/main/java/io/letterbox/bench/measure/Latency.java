package io.letterbox.bench.measure;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/** Latencies of one operation in nanoseconds, recorded from any thread (HdrHistogram, 3 digits). */
public final class Latency {
  private final Histogram histogram = new ConcurrentHistogram(3);

  public void record(long nanos) {
    histogram.recordValue(Math.max(0, nanos));
  }

  /** Records the time since {@code startNanos} (a {@link System#nanoTime()} reading). */
  public void recordSince(long startNanos) {
    record(System.nanoTime() - startNanos);
  }

  public long count() {
    return histogram.getTotalCount();
  }

  /** @return the latency at {@code percentile} (0..100) in milliseconds */
  public double millisAt(double percentile) {
    return histogram.getValueAtPercentile(percentile) / (double) TimeUnit.MILLISECONDS.toNanos(1);
  }

  /** @return the largest latency recorded, in milliseconds (to the histogram's precision) */
  public double maxMillis() {
    return histogram.getMaxValue() / (double) TimeUnit.MILLISECONDS.toNanos(1);
  }

  public double meanMillis() {
    return histogram.getMean() / TimeUnit.MILLISECONDS.toNanos(1);
  }
}
