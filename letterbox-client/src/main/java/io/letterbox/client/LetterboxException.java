package io.letterbox.client;

/**
 * Every failure of a call: the server's refusal, with the API's error code and HTTP status, or a
 * request that never got an answer (code {@code UNREACHABLE}, status 0) once the retries were spent.
 */
public final class LetterboxException extends RuntimeException {
  /** The code of a call that got no answer from any node. */
  public static final String UNREACHABLE = "UNREACHABLE";

  private final String code;
  private final int status;

  public LetterboxException(String code, int status, String message, Throwable cause) {
    super(message, cause);
    this.code = code;
    this.status = status;
  }

  /** @return the API's error code, e.g. {@code BLOCKED}, or {@link #UNREACHABLE} */
  public String code() {
    return code;
  }

  /** @return the HTTP status of the answer, 0 when there was none */
  public int status() {
    return status;
  }

  @Override
  public String toString() {
    return "LetterboxException " + status + " " + code + ": " + getMessage();
  }
}
