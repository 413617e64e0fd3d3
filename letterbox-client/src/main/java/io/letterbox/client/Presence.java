package io.letterbox.client;

import java.time.Instant;

/**
 * Whether {@code uid} has an open event stream or socket on any node ({@code online}), and when
 * its last one closed ({@code lastSeen}: null while online, when not known, and for a user that
 * blocked the asker).
 */
public record Presence(long uid, boolean online, Instant lastSeen) {}
