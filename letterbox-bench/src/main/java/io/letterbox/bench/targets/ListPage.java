package io.letterbox.bench.targets;

/** A page of a conversation list: how many conversations it shows and the cursor of the next, or null. */
public record ListPage(int count, Object next) {}
