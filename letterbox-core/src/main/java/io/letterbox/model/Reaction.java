package io.letterbox.model;

/**
 * One emoji's reactions to a message as a reader sees them (API.md, Reactions).
 *
 * @param emoji one emoji grapheme, or {@code custom:<name>}
 * @param count how many users reacted with it
 * @param mine  whether the reader is one of them
 */
public record Reaction(String emoji, long count, boolean mine) {}
