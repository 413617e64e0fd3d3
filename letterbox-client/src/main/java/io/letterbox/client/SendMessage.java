package io.letterbox.client;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * A one-to-one message to send. Without an idempotency key the client gives it one when the call is
 * made, so the call's retries never store it twice.
 *
 * @param replyTo   the message it replies to, one the sender can see in this conversation; null for none
 * @param forwardOf the message it forwards, one the sender can see (then {@code content} is null: it
 *     copies that message's); null for none
 */
public record SendMessage(long from, long to, @JsonUnwrapped Content content, String idempotencyKey, Long replyTo,
    Long forwardOf) {
  public SendMessage(long from, long to, Content content, String idempotencyKey) {
    this(from, to, content, idempotencyKey, null, null);
  }

  public static SendMessage text(long from, long to, String text) {
    return new SendMessage(from, to, Content.text(text), null);
  }

  public static SendMessage of(long from, long to, Content content) {
    return new SendMessage(from, to, content, null);
  }

  /** A forward of message {@code id}: its type, text, payload and attachments, with its origin. */
  public static SendMessage forwarding(long from, long to, long id) {
    return new SendMessage(from, to, null, null, null, id);
  }

  /** @param key scoped to the sender: the same key again returns the first message */
  public SendMessage withIdempotencyKey(String key) {
    return new SendMessage(from, to, content, key, replyTo, forwardOf);
  }

  /** This message replying to message {@code id}. */
  public SendMessage replyingTo(long id) {
    return new SendMessage(from, to, content, idempotencyKey, id, forwardOf);
  }
}
