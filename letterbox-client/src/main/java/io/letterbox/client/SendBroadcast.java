package io.letterbox.client;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * A broadcast to send. Without an idempotency key the client gives it one when the call is made.
 *
 * @param priority normal (when null) or high
 */
public record SendBroadcast(long from, @JsonUnwrapped Content content, Audience audience, String priority,
    String idempotencyKey) {
  public static SendBroadcast of(long from, Content content, Audience audience) {
    return new SendBroadcast(from, content, audience, null, null);
  }

  public SendBroadcast withPriority(String priority) {
    return new SendBroadcast(from, content, audience, priority, idempotencyKey);
  }

  public SendBroadcast withIdempotencyKey(String key) {
    return new SendBroadcast(from, content, audience, priority, key);
  }
}
