package io.letterbox.store;

/** One entry of a scan. */
public record KeyValue(byte[] key, byte[] value) {}
