/**
 * Scheduled messages (decision 0052): the sweep that sends those whose time came, on the node
 * that hosts each sender's partition. The schedules themselves are actions of the log
 * ({@code apply}), decided by {@code write}'s commands. Uses {@code apply}, {@code write},
 * {@code read}, {@code partition}, {@code keys} and {@code store}.
 */
package io.letterbox.engine.schedule;
