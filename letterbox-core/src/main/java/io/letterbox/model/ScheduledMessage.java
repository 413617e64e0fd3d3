package io.letterbox.model;

import java.time.Instant;

/**
 * A one-to-one message its sender scheduled (decision 0052): pending until {@code sendAt}, or,
 * refused when it came due, {@code failed} with the error code that refused it (null while
 * pending).
 */
public record ScheduledMessage(long id, long from, long to, Instant sendAt, String text, String idempotencyKey,
    Extras extras, String failed) {
  public boolean pending() {
    return failed == null;
  }
}
