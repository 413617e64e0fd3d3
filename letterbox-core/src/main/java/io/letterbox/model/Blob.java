package io.letterbox.model;

/**
 * A stored blob (an attachment's bytes), named by its content.
 *
 * @param id          {@code sha256:} and the SHA-256 of its bytes in lower-case hex
 * @param size        its length in bytes
 * @param contentType the media type it was first stored with
 */
public record Blob(String id, long size, String contentType) {}
