package io.letterbox.client;

/**
 * A sender's frequency cap: at most {@code messages} to one receiver per {@code period}.
 *
 * @param period ISO-8601, e.g. {@code P1D}
 */
public record Cap(int messages, String period) {}
