package io.letterbox.bench.measure;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A one-line progress bar on stderr for long phases, redrawn with {@code \r} at most five times
 * a second. Off when {@link #enabled} is false (tests, {@code --no-progress}).
 */
public final class Progress implements AutoCloseable {
  private static final int WIDTH = 30;
  private static final long REDRAW_NANOS = 200_000_000L;
  private static volatile boolean enabled = true;

  private final String label;
  private final long total;
  private final long start = System.nanoTime();
  private final AtomicLong done = new AtomicLong();
  private final AtomicLong lastDraw = new AtomicLong(start);
  private final PrintStream out = System.err;

  private Progress(String label, long total) {
    this.label = label;
    this.total = Math.max(1, total);
  }

  public static void setEnabled(boolean on) {
    enabled = on;
  }

  public static Progress start(String label, long total) {
    return new Progress(label, total);
  }

  public void advance(long n) {
    long d = done.addAndGet(n);
    long now = System.nanoTime();
    long last = lastDraw.get();
    if (enabled && now - last >= REDRAW_NANOS && lastDraw.compareAndSet(last, now)) {
      draw(d, now, false);
    }
  }

  @Override
  public void close() {
    if (enabled) {
      draw(done.get(), System.nanoTime(), true);
    }
  }

  private synchronized void draw(long d, long now, boolean last) {
    double share = Math.min(1.0, d / (double) total);
    int filled = (int) (share * WIDTH);
    String bar = "#".repeat(filled) + " ".repeat(WIDTH - filled);
    out.printf("\r%-28.28s [%s] %3.0f%% %,d/%,d %.1fs%s", label, bar, share * 100, d, total,
        (now - start) / 1e9, last ? "\n" : "");
    out.flush();
  }
}
