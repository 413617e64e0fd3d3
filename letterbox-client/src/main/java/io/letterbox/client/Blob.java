package io.letterbox.client;

import com.fasterxml.jackson.annotation.JsonFormat;

/**
 * A stored blob.
 *
 * @param id {@code sha256:} and the SHA-256 of the bytes in hex
 */
public record Blob(String id, @JsonFormat(shape = JsonFormat.Shape.NUMBER) long size, String contentType) {}
