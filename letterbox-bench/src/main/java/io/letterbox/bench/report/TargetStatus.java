package io.letterbox.bench.report;

/**
 * A target of the run: {@code status} is "ok" or "skipped" (then {@code reason} says why);
 * {@code note} is what a reader of its figures must know.
 */
public record TargetStatus(String name, String status, String reason, String note) {}
