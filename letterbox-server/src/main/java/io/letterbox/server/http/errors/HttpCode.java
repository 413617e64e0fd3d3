package io.letterbox.server.http.errors;

/**
 * Refusals only the HTTP layer makes, about the shape of a request rather than its meaning; the
 * engine's refusals are {@link io.letterbox.engine.ErrorCode}s. Their statuses are in
 * {@link HttpStatuses}.
 */
public enum HttpCode {
  /** The body is not one JSON object. */
  INVALID_JSON,
  /** The body says it is something other than JSON. */
  UNSUPPORTED_MEDIA_TYPE,
  /** The path exists, the method does not. */
  METHOD_NOT_ALLOWED,
  /** The request line is longer than the server reads. */
  URI_TOO_LONG,
  /** The headers are larger than the server reads. */
  HEADERS_TOO_LARGE,
  /** A {@code Range} none of whose bytes exist. */
  RANGE_NOT_SATISFIABLE,
  /** The client did not send its whole body within body-read-timeout. */
  REQUEST_TIMEOUT
}
