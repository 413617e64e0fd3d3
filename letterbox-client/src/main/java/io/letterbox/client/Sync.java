package io.letterbox.client;

import java.util.List;

/**
 * Events after a position.
 *
 * @param next the position after these events: the {@code since} of the next call
 * @param more whether more events were waiting beyond the limit
 */
public record Sync(List<Event> events, String next, boolean more) {}
