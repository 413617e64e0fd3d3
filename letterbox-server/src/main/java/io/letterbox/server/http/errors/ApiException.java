package io.letterbox.server.http.errors;

/**
 * A refusal the HTTP layer makes for reasons the engine does not know (malformed JSON, a media
 * type, a method), with a code of its own; its status comes from {@link HttpStatuses}. Refusals
 * the engine also knows use {@link io.letterbox.engine.LetterboxException}.
 */
public final class ApiException extends RuntimeException {
  private final HttpCode code;

  public ApiException(HttpCode code, String message) {
    super(message);
    this.code = code;
  }

  /** INVALID_JSON: the body is not a JSON object. */
  public static ApiException invalidJson(String message) {
    return new ApiException(HttpCode.INVALID_JSON, message);
  }

  /** UNSUPPORTED_MEDIA_TYPE: a body that does not say it is JSON. */
  public static ApiException unsupportedMediaType(String contentType) {
    return new ApiException(HttpCode.UNSUPPORTED_MEDIA_TYPE,
        "request bodies must be application/json, not " + contentType);
  }

  public HttpCode code() {
    return code;
  }
}
