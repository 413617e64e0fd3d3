package io.letterbox.engine;

/** Why a request failed, with the HTTP status that says so. */
public enum ErrorCode {
  INVALID_ARGUMENT(400),
  UNAUTHORIZED(401),
  FORBIDDEN(403),
  NOT_FOUND(404),
  IDEMPOTENCY_CONFLICT(409),
  PAYLOAD_TOO_LARGE(413),
  FREQUENCY_CAPPED(429),
  OVERLOADED(429),
  NOT_READY(503),
  INTERNAL(500);

  private final int httpStatus;

  ErrorCode(int httpStatus) {
    this.httpStatus = httpStatus;
  }

  public int httpStatus() {
    return httpStatus;
  }
}
