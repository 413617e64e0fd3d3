package io.letterbox.client;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * A broadcast to send. Without an idempotency key the client gives it one when the call is made.
 *
 * @param priority normal (when null) or high
 * @param push     true to have its receivers with no open stream get an offline push; null or
 *                 false for none
 */
public record SendBroadcast(long from, @JsonUnwrapped Content content, Audience audience, String priority,
    String idempotencyKey, Boolean push) {
  public static SendBroadcast of(long from, Content content, Audience audience) {
    return new SendBroadcast(from, content, audience, null, null, null);
  }

  public SendBroadcast withPriority(String priority) {
    return new SendBroadcast(from, content, audience, priority, idempotencyKey, push);
  }

  public SendBroadcast withIdempotencyKey(String key) {
    return new SendBroadcast(from, content, audience, priority, key, push);
  }

  /** Asks for an offline push to each receiver with no open stream (server setting push-url). */
  public SendBroadcast withPush() {
    return new SendBroadcast(from, content, audience, priority, idempotencyKey, true);
  }
}
