package io.letterbox.client;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * A one-to-one message to send. Without an idempotency key the client gives it one when the call is
 * made, so the call's retries never store it twice.
 */
public record SendMessage(long from, long to, @JsonUnwrapped Content content, String idempotencyKey) {
  public static SendMessage text(long from, long to, String text) {
    return new SendMessage(from, to, Content.text(text), null);
  }

  public static SendMessage of(long from, long to, Content content) {
    return new SendMessage(from, to, content, null);
  }

  /** @param key scoped to the sender: the same key again returns the first message */
  public SendMessage withIdempotencyKey(String key) {
    return new SendMessage(from, to, content, key);
  }
}
