package io.letterbox.bench.baseline;

/** A baseline cannot run here; the message says why, and the report shows it as skipped. */
public final class BaselineUnavailable extends Exception {
  public BaselineUnavailable(String reason) {
    super(reason);
  }

  public BaselineUnavailable(String reason, Throwable cause) {
    super(reason, cause);
  }
}
