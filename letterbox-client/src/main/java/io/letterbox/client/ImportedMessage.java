package io.letterbox.client;

import java.time.Instant;

/** A message of an older system's history, kept with its original time. */
public record ImportedMessage(long from, long to, String text, Instant createdAt) {}
