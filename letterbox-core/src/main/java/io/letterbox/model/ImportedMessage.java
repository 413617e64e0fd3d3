package io.letterbox.model;

import java.time.Instant;

/** A one-to-one message from an older system, kept with its original time. */
public record ImportedMessage(long from, long to, String text, Instant createdAt) {}
