package io.letterbox.model;

/**
 * A one-to-one message to send; {@code idempotencyKey} may be null.
 *
 * @param text   its text; may be empty for a type other than text (no caption)
 * @param extras its type, payload and attachments ({@link Extras#TEXT} for plain text), and the
 *     message it replies to ({@link Extras#replyTo})
 * @param forwardOf the message it forwards (then it has no text and plain extras of its own: it
 *     copies that message's); 0 for none
 */
public record SendRequest(long from, long to, String text, String idempotencyKey, Extras extras, long forwardOf) {
  /** A message that forwards none. */
  public SendRequest(long from, long to, String text, String idempotencyKey, Extras extras) {
    this(from, to, text, idempotencyKey, extras, 0);
  }

  /** A plain text message. */
  public SendRequest(long from, long to, String text, String idempotencyKey) {
    this(from, to, text, idempotencyKey, Extras.TEXT);
  }
}
