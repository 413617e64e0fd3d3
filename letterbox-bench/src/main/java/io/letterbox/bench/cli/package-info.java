/**
 * The command line's shared parts: the options every scenario takes, the sizes ({@link
 * io.letterbox.bench.cli.Size}) and every scenario's defaults at each ({@link
 * io.letterbox.bench.cli.Sizes}), where Letterbox keeps its data, and the baselines by name
 * ({@link io.letterbox.bench.cli.Baseline}, the one place that opens them).
 */
package io.letterbox.bench.cli;
