/**
 * The benchmark: {@link io.letterbox.bench.BenchMain} runs a scenario ({@code scenario}) against
 * Letterbox and, with {@code --baseline}, the designs it replaces ({@code baseline}), side by side,
 * or the JMH microbenchmarks ({@code jmh}). docs/benchmarks.md has the commands and the figures.
 */
package io.letterbox.bench;
