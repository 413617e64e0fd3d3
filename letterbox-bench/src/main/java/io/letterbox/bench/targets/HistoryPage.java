package io.letterbox.bench.targets;

/** A page of a conversation: how many messages it shows and the cursor of the next, or null. */
public record HistoryPage(int size, Object next) {}
