package io.letterbox.bench.targets;

/**
 * A target cannot run on this machine (a program or a cluster it needs is missing): the message
 * says why, and the report shows the target as skipped.
 */
public final class Unavailable extends Exception {
  public Unavailable(String reason) {
    super(reason);
  }

  public Unavailable(String reason, Throwable cause) {
    super(reason, cause);
  }
}
