package io.letterbox.bench.targets;

/**
 * A page of a conversation list: how many conversations it shows, the cursor of the next page or
 * null, and the peer of its first (newest) conversation: 0 when the page is empty or shows a group
 * first.
 */
public record ListPage(int count, Object next, long first) {}
