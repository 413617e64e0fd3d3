/**
 * How operations are driven and timed: closed and open loops, timed loops, one-at-a-time
 * sequences, latency histograms, the machine's CPU and a progress bar. Uses nothing else of the bench.
 */
package io.letterbox.bench.measure;
