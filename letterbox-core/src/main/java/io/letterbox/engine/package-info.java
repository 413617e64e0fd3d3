/**
 * The engine: {@link io.letterbox.engine.Letterbox}, a plain Java facade over a
 * {@link io.letterbox.store.KeyValueStore}, with its settings ({@link io.letterbox.engine.LetterboxConfig})
 * and its one failure type ({@link io.letterbox.engine.LetterboxException} with an
 * {@link io.letterbox.engine.ErrorCode}). The facade checks arguments and hands work to the
 * packages below, one per role; they may use {@code model}, {@code id}, {@code keys}, {@code rows},
 * {@code bitmap} and the storage SPI, never a storage product.
 *
 * <h2>How a send travels</h2>
 * <ol>
 *   <li>{@code Letterbox.send} validates the request and queues a {@code SendCommand} on the
 *       {@code write.Sequencer}, the single writer.</li>
 *   <li>On the sequencer thread the command <em>decides</em>: it reads the writer's state (the
 *       idempotency key, the sender's cap counters) and returns a {@code Decision}: the action
 *       {@code apply.Sent} at a new id, and the reply.</li>
 *   <li>The {@code apply.Applier} puts the encoded action into the log and calls
 *       {@code Sent.apply}, which derives its index writes (both timelines, the receiver's
 *       counter, cap counters, the idempotency key) into a pending batch. Later decisions in the
 *       same group read through that batch, so they see this send before it is written.</li>
 *   <li>After the group, the batch is written with the "applied up to" marker last: visible to
 *       readers now; the readers' caches move forward ({@code afterVisible}).</li>
 *   <li>When the store says the batch is durable (one WAL sync for the whole group), the send's
 *       future completes and the caller answers 201.</li>
 *   <li>After a crash, {@code replay.Replayer} finds the log entries past the marker and applies
 *       them through the same {@code Applier}; {@code rebuild} and {@code migrate} replay the whole
 *       log the same way.</li>
 * </ol>
 * A read ({@code history}, {@code conversations}, {@code unread}) goes to {@code read}, which
 * sees only written batches.
 */
package io.letterbox.engine;
