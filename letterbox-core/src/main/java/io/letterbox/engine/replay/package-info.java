/**
 * Replay of the action log: crash recovery, {@code rebuild} and {@code migrate}, all through the
 * live writer's {@code apply.Applier}, and the per-space content digests that prove two stores
 * hold the same rows.
 */
package io.letterbox.engine.replay;
