package io.letterbox.bench.workload;

/** One generated message of old history, with the time it was sent in Unix milliseconds. */
public record HistoryMessage(long from, long to, String text, long epochMillis) {}
