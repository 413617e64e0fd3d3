/**
 * A run's outcome as data ({@link io.letterbox.bench.report.Report}: parameters, targets, rows of
 * figures, goals, checks, notes), printed as a table and written as the JSON result file and its
 * Markdown table; {@code summary} folds several result files into medians. Uses only {@code targets}'s names.
 */
package io.letterbox.bench.report;
