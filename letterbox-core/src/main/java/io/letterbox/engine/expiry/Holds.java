package io.letterbox.engine.expiry;

/**
 * Which users are on legal hold (API.md, Lifecycle): retention removes nothing of their
 * conversations. The retention sweep consults it for every message it would remove.
 */
@FunctionalInterface
public interface Holds {
  /** No user is on hold. */
  Holds NONE = uid -> false;

  boolean onHold(long uid);
}
