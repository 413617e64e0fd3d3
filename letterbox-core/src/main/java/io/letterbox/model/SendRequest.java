package io.letterbox.model;

/**
 * A one-to-one message to send; {@code idempotencyKey} may be null.
 *
 * @param text   its text; may be empty for a type other than text (no caption)
 * @param extras its type, payload and attachments ({@link Extras#TEXT} for plain text)
 */
public record SendRequest(long from, long to, String text, String idempotencyKey, Extras extras) {
  /** A plain text message. */
  public SendRequest(long from, long to, String text, String idempotencyKey) {
    this(from, to, text, idempotencyKey, Extras.TEXT);
  }
}
