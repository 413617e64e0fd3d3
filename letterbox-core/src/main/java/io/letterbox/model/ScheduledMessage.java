package io.letterbox.model;

import java.time.Instant;

/**
 * A message or group post its sender scheduled (decision 0052): pending until {@code sendAt}, or,
 * refused when it came due, {@code failed} with the error code that refused it (null while
 * pending).
 *
 * @param to       the receiver of a one-to-one message; 0 for a post
 * @param group    the group of a post; 0 for a one-to-one message
 * @param mentions the members a post mentions; empty for none
 */
public record ScheduledMessage(long id, long from, long to, Instant sendAt, String text, String idempotencyKey,
    Extras extras, String failed, long group, java.util.List<Long> mentions) {
  public boolean pending() {
    return failed == null;
  }
}
