package io.letterbox.bench.report;

/**
 * A target of the run: {@code status} is "ok", "skipped" (this machine lacks what it
 * needs) or "failed" (it could not be opened otherwise: the run fails); {@code reason} says why;
 * {@code note} is what a reader of its figures must know.
 */
public record TargetStatus(String name, String status, String reason, String note) {}
