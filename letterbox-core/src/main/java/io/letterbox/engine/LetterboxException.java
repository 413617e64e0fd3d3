package io.letterbox.engine;

/**
 * A request the engine refused; it changed nothing. Carries its {@link ErrorCode} so that the
 * HTTP layer maps every failure in one place.
 */
public class LetterboxException extends RuntimeException {
  private final ErrorCode code;

  public LetterboxException(ErrorCode code, String message) {
    super(message);
    this.code = code;
  }

  public ErrorCode code() {
    return code;
  }

  public static LetterboxException invalid(String format, Object... args) {
    return new LetterboxException(ErrorCode.INVALID_ARGUMENT, String.format(format, args));
  }

  public static LetterboxException notFound(String format, Object... args) {
    return new LetterboxException(ErrorCode.NOT_FOUND, String.format(format, args));
  }

  /**
   * The store's trouble (a full disk, an unreachable cluster), not the caller's and not a bug:
   * NOT_READY (503), saying {@code what} happened, the store's deepest reason, and {@code advice}.
   */
  public static LetterboxException storeTrouble(String what, Throwable error, String advice) {
    Throwable cause = error;
    while (cause.getCause() != null) {
      cause = cause.getCause();
    }
    return new LetterboxException(ErrorCode.NOT_READY, what + " ("
        + (cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName()) + "); " + advice);
  }
}
