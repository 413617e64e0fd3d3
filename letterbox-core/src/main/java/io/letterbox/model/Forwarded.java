package io.letterbox.model;

import java.time.Instant;

/**
 * Where a forwarded message comes from (API.md, Forwarding): the sender and creation time of the
 * message it copies, stored with the forward.
 *
 * @param from      the copied message's sender
 * @param createdAt when the copied message was created (epoch milliseconds)
 */
public record Forwarded(long from, long createdAt) {
  /** The origin of a copy of {@code original}. */
  public static Forwarded of(Message original) {
    return new Forwarded(original.from(), original.createdAt().toEpochMilli());
  }

  public Instant createdAtInstant() {
    return Instant.ofEpochMilli(createdAt);
  }
}
