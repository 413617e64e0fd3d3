package io.letterbox.engine.expiry;

/**
 * Which users are on legal hold (API.md, Lifecycle): retention removes nothing of their
 * conversations. The retention sweep consults it for every message it would remove.
 */
@FunctionalInterface
public interface Holds {
  boolean onHold(long uid);
}
