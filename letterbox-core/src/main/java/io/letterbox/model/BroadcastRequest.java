package io.letterbox.model;

/**
 * A broadcast to accept; {@code idempotencyKey} may be null.
 *
 * @param text   its text; may be empty for a type other than text (no caption)
 * @param extras its type, payload and attachments ({@link Extras#TEXT} for plain text)
 */
public record BroadcastRequest(long from, String text, Audience audience, Priority priority,
    String idempotencyKey, Extras extras) {
  public enum Priority { NORMAL, HIGH }

  /** A plain text broadcast. */
  public BroadcastRequest(long from, String text, Audience audience, Priority priority, String idempotencyKey) {
    this(from, text, audience, priority, idempotencyKey, Extras.TEXT);
  }
}
