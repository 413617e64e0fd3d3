package io.letterbox.model;

/**
 * Whether {@code uid} has an open event stream or socket now ({@code online}), and when its last
 * one closed ({@code lastSeen}, epoch milliseconds; 0 if not known).
 */
public record Presence(long uid, boolean online, long lastSeen) {}
