package io.letterbox.engine.follow;

import io.letterbox.model.Event;

/**
 * One event a consumer is given: {@code event} as {@code sync} gives it to {@code owner} (a user;
 * for a group's post, the group; for a broadcast and its completion, the sender), and the mark
 * right after it in its partition.
 */
public record FeedEvent(long owner, Event event, FeedMark mark) {}
