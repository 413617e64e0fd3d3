package io.letterbox.model;

import java.time.Duration;

/** A receiver gets at most {@code messages} from one sender per {@code period} window. */
public record FrequencyCap(int messages, Duration period) {
  public FrequencyCap {
    if (messages < 1) {
      throw new IllegalArgumentException("messages must be at least 1: " + messages);
    }
    if (period.toMillis() < 1000) {
      throw new IllegalArgumentException("period must be at least one second: " + period);
    }
  }

  /** The period as ISO-8601, whole days as {@code P1D} (as clients write them), else {@code PT…}. */
  public String periodText() {
    long day = Duration.ofDays(1).getSeconds();
    return period.getNano() == 0 && period.getSeconds() % day == 0
        ? "P" + period.getSeconds() / day + "D" : period.toString();
  }
}
