package io.letterbox.client;

import com.fasterxml.jackson.annotation.JsonFormat;

/**
 * A stored blob, readable by its uploader, by whoever can see a message that attaches it, and by
 * services.
 *
 * @param id its opaque id (never the hash of its bytes): the uploader gets the same id for the
 *     same bytes again, another uploader its own
 */
public record Blob(String id, @JsonFormat(shape = JsonFormat.Shape.NUMBER) long size, String contentType) {}
