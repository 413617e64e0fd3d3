package io.letterbox.server.http;

/**
 * A refusal the HTTP layer makes for reasons the engine does not know (malformed JSON, a media
 * type, a method), with a code of its own. Refusals the engine also knows use
 * {@link io.letterbox.engine.LetterboxException}.
 */
public final class ApiException extends RuntimeException {
  private final int status;
  private final String code;

  public ApiException(int status, String code, String message) {
    super(message);
    this.status = status;
    this.code = code;
  }

  /** 400 INVALID_JSON: the body is not a JSON object. */
  public static ApiException invalidJson(String message) {
    return new ApiException(400, "INVALID_JSON", message);
  }

  /** 415 UNSUPPORTED_MEDIA_TYPE: a body that does not say it is JSON. */
  public static ApiException unsupportedMediaType(String contentType) {
    return new ApiException(415, "UNSUPPORTED_MEDIA_TYPE",
        "request bodies must be application/json, not " + contentType);
  }

  public int status() {
    return status;
  }

  public String code() {
    return code;
  }
}
