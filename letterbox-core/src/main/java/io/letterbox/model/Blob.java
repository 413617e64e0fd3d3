package io.letterbox.model;

/**
 * A stored blob (an attachment's bytes).
 *
 * @param id          its opaque id (or a legacy {@code sha256:} id of an upload from before ids
 *                    were opaque)
 * @param size        its length in bytes
 * @param contentType the media type it was uploaded with
 * @param uploader    the user who uploaded it; 0 for a service's upload or a legacy id
 */
public record Blob(String id, long size, String contentType, long uploader) {}
