/**
 * The write path: the {@link io.letterbox.engine.write.Sequencer} (the single writer and its
 * group commit), one {@code Command} per kind of request, which decides what to log or refuses
 * it, and idempotency keys. Decisions read only the writer's state ({@code read.StateReader}
 * over the pending batch) and produce {@code apply} actions; nothing here writes a row itself.
 * Uses {@code apply} and {@code read}.
 */
package io.letterbox.engine.write;
