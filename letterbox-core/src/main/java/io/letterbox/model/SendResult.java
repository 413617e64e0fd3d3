package io.letterbox.model;

/** The sent message; {@code created} is false when an idempotency key returned an earlier one. */
public record SendResult(Message message, boolean created) {}
