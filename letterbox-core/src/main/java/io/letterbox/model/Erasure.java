package io.letterbox.model;

/**
 * The erasure of a user (API.md, Lifecycle): its id, the user, whether it is {@code done}, when
 * it started and, once done, when it completed (epoch milliseconds; 0 while it runs or when a
 * later erasure of the same user replaced its record).
 */
public record Erasure(long id, long uid, boolean done, long startedAt, long completedAt) {}
