package io.letterbox.server.http.access;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;

/**
 * A request past one of its user's limits ({@link UserLimits}): 429 {@code RATE_LIMITED}, with
 * {@code Retry-After} the seconds until the limit lets it through (at least 1).
 */
public final class RateLimited extends LetterboxException {
  private final int retryAfterSeconds;

  RateLimited(String message, int retryAfterSeconds) {
    super(ErrorCode.RATE_LIMITED, message);
    this.retryAfterSeconds = Math.max(1, retryAfterSeconds);
  }

  public int retryAfterSeconds() {
    return retryAfterSeconds;
  }
}
