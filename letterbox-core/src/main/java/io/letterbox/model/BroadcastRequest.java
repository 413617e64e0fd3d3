package io.letterbox.model;

/**
 * A broadcast to accept; {@code idempotencyKey} may be null.
 *
 * @param text   its text; may be empty for a type other than text (no caption)
 * @param extras its type, payload and attachments ({@link Extras#TEXT} for plain text)
 * @param push   whether its receivers with no open stream get an offline push
 */
public record BroadcastRequest(long from, String text, Audience audience, Priority priority,
    String idempotencyKey, Extras extras, boolean push) {
  public enum Priority { NORMAL, HIGH }

  /** A broadcast without offline push. */
  public BroadcastRequest(long from, String text, Audience audience, Priority priority, String idempotencyKey,
      Extras extras) {
    this(from, text, audience, priority, idempotencyKey, extras, false);
  }

  /** A plain text broadcast. */
  public BroadcastRequest(long from, String text, Audience audience, Priority priority, String idempotencyKey) {
    this(from, text, audience, priority, idempotencyKey, Extras.TEXT);
  }
}
