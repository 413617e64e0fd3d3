package io.letterbox.model;

/** A one-to-one message to send; {@code idempotencyKey} may be null. */
public record SendRequest(long from, long to, String text, String idempotencyKey) {}
