package io.letterbox.model;

/** A broadcast to accept; {@code idempotencyKey} may be null. */
public record BroadcastRequest(long from, String text, Audience audience, Priority priority,
    String idempotencyKey) {
  public enum Priority { NORMAL, HIGH }
}
