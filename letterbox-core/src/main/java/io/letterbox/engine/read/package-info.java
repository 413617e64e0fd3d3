/**
 * The read side: the only place that reads rows (typed reads over the store, or over the writer's
 * pending batch). {@link io.letterbox.engine.read.StateReader} reads the messages and hands out
 * one reader per concept: {@link io.letterbox.engine.read.ConversationState} (one-to-one
 * conversations), {@link io.letterbox.engine.read.GroupState} (groups and memberships),
 * {@link io.letterbox.engine.read.SenderState} (caps, idempotency keys),
 * {@link io.letterbox.engine.read.RelationState} (relations, segments),
 * {@link io.letterbox.engine.read.BroadcastRows} (broadcast records, fan-out jobs),
 * {@link io.letterbox.engine.read.ItemJoins} (what lists join into items: drafts, disappearing settings) and
 * {@link io.letterbox.engine.read.BroadcastIndex} (broadcasts as receivers see them, with the
 * shared audience-head cache). Built on them: conversation history, the conversation list,
 * unread counts, group history and heads, and signed page cursors. Readers never get the store.
 * Uses {@code keys}, {@code rows}, {@code bitmap}, {@code model}, {@code id}, the engine's
 * configuration and errors, and the storage SPI's read half; not the write side ({@code apply},
 * {@code fanout}, {@code write}): a log entry's message is read with the codec it is given.
 */
package io.letterbox.engine.read;
