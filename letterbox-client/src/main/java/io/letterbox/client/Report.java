package io.letterbox.client;

import java.time.Instant;

/**
 * A user's report of a message.
 *
 * @param by the reporter
 * @param message the message as it is now; null if it is gone from the store
 * @param reason spam, abuse or other
 * @param note what the reporter added, or null
 */
public record Report(long id, long by, Message message, String reason, String note, Instant createdAt) {}
