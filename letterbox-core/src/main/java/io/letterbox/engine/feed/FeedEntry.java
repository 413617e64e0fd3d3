package io.letterbox.engine.feed;

import io.letterbox.model.Message;
import io.letterbox.rows.FeedRow;

/**
 * An event of {@code owner}'s change feed at its position (day, seq, ordinal), as its applier
 * wrote it; {@code content} is the message a message event announces when the writer had it at
 * hand (null when it is to be read).
 */
public record FeedEntry(long owner, int day, long seq, int ordinal, FeedRow row, Message content) {}
