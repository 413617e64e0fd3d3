/**
 * The read side: {@link io.letterbox.engine.read.StateReader}, the only place that reads rows
 * (typed reads over the store, or over the writer's pending batch), and the readers built on it:
 * conversation history, the conversation list, unread counts, broadcasts as receivers see them
 * (with the shared audience-head cache), and signed page cursors. Readers never get the store.
 * Uses {@code keys}, {@code rows}, {@code bitmap} and the storage SPI's read half.
 */
package io.letterbox.engine.read;
