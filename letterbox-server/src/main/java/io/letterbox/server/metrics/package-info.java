/**
 * The server's meters (Micrometer, exposed in the Prometheus text format on {@code /metrics}):
 * JVM, process and store sizes here; the HTTP layer adds its request timers. Uses Micrometer and
 * Caffeine only.
 */
package io.letterbox.server.metrics;
