package io.letterbox.server.cli;

import io.letterbox.engine.replay.Replayer;
import java.io.PrintWriter;

/**
 * A one-line progress bar of a replay on standard error, redrawn in place at most five times a
 * second: {@code migrate [#####.....]  50%  12,000 of ~24,000 actions  3,100/s}.
 */
final class ProgressBar implements Replayer.Progress {
  private static final int WIDTH = 30;
  private static final long REDRAW_NANOS = 200_000_000;

  private final PrintWriter out;
  private final String label;
  private final long expected;
  private final long started = System.nanoTime();
  private long drawn = Long.MIN_VALUE;

  /** @param expected about how many actions the replay will do; 0 if unknown */
  ProgressBar(PrintWriter out, String label, long expected) {
    this.out = out;
    this.label = label;
    this.expected = expected;
  }

  @Override
  public void update(long done) {
    long now = System.nanoTime();
    if (now - drawn >= REDRAW_NANOS) {
      drawn = now;
      draw(done, now);
    }
  }

  /** Draws the final state and ends the line. */
  void finish(long done) {
    draw(done, System.nanoTime());
    out.println();
  }

  private void draw(long done, long now) {
    StringBuilder line = new StringBuilder("\r").append(label).append(' ');
    if (expected > 0) {
      // The expectation is an estimate: a resumed run may do a little more than it says.
      int percent = (int) Math.min(100, done * 100 / expected);
      int filled = percent * WIDTH / 100;
      line.append('[').append("#".repeat(filled)).append(".".repeat(WIDTH - filled)).append("] ")
          .append(String.format("%3d%%  %,d of ~%,d actions", percent, done, expected));
    } else {
      line.append(String.format("%,d actions", done));
    }
    double seconds = Math.max(1e-3, (now - started) / 1e9);
    line.append(String.format("  %,.0f/s", done / seconds));
    out.print(line);
    out.flush();
  }
}
