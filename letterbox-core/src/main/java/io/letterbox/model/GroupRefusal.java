package io.letterbox.model;

/**
 * A user not added to a group because it did not consent to being added by the adder: it blocked
 * the adder ({@link Reason#BLOCKED}), or its settings exclude the adder ({@link Reason#NOT_ALLOWED}).
 */
public record GroupRefusal(long uid, Reason reason) {
  /** Why; each is also the error code of a refused single add. */
  public enum Reason {
    BLOCKED, NOT_ALLOWED
  }
}
