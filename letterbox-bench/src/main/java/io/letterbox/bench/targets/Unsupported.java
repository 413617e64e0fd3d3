package io.letterbox.bench.targets;

/** Thrown by a target for an operation it does not have; the message says why. */
public final class Unsupported extends RuntimeException {
  public Unsupported(String reason) {
    super(reason, null, false, false);
  }
}
