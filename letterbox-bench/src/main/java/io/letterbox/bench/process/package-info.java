/**
 * Server processes the bench starts on loopback and stops: any local server ({@link
 * io.letterbox.bench.process.LocalServer}), the Letterbox server jar with its launcher's JVM flags
 * ({@link io.letterbox.bench.process.ServerJvm}), and the programs a server baseline needs, found
 * but never installed ({@link io.letterbox.bench.process.Programs}). Used by baselines and the
 * {@code http} scenario.
 */
package io.letterbox.bench.process;
