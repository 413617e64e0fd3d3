package io.letterbox.client;

/**
 * What a blob's answer says about it.
 *
 * @param status 200, 206 for a range, 304 when the If-None-Match tag still matches
 * @param length the bytes of this answer (of the range, for a 206); -1 if unknown
 */
public record BlobHeaders(int status, String contentType, long length, String etag, String contentRange) {}
