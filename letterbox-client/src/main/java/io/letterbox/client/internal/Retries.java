package io.letterbox.client.internal;

import io.letterbox.client.RetryPolicy;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Whether, and after how long, a failed attempt is tried again (decision 0015). Pure: no I/O, no
 * clock, so each rule is a unit test.
 */
final class Retries {
  private final RetryPolicy policy;

  Retries(RetryPolicy policy) {
    this.policy = policy;
  }

  /**
   * @param attempt the attempt that failed, from 1
   * @return the wait before the next attempt, or empty to give up
   */
  Optional<Duration> afterFailure(Spec spec, int attempt, Throwable failure) {
    if (attempt >= policy.maxAttempts()) {
      return Optional.empty();
    }
    // Nothing reached a node: any request may go again (to the next node).
    boolean notSent = failure instanceof ConnectException || failure instanceof HttpConnectTimeoutException;
    // The request may have been applied and its answer lost: only a repeatable one goes again.
    boolean lost = failure instanceof IOException && spec.retrySafe;
    return notSent || lost ? Optional.of(backoff(attempt)) : Optional.empty();
  }

  /** @return the wait before the next attempt after an answer with {@code response}'s status, or empty */
  Optional<Duration> afterAnswer(Spec spec, int attempt, HttpResponse<InputStream> response) {
    int status = response.statusCode();
    if (attempt >= policy.maxAttempts() || (status != 429 && status != 502 && status != 503 && status != 504)) {
      return Optional.empty();
    }
    Optional<String> retryAfter = response.headers().firstValue("Retry-After");
    if (retryAfter.isPresent()) {
      // The server's "not now" (OVERLOADED, NOT_READY, NOT_OWNER): refused before doing anything.
      Duration wait = Duration.ofSeconds(seconds(retryAfter.get()));
      return wait.compareTo(policy.maxRetryAfter()) <= 0 ? Optional.of(wait) : Optional.empty();
    }
    // 429 without Retry-After is FREQUENCY_CAPPED: not a matter of time. A 5xx without it may have
    // been applied (the store failed mid-way), so only a repeatable request goes again.
    return status != 429 && spec.retrySafe ? Optional.of(backoff(attempt)) : Optional.empty();
  }

  /** The policy's backoff with "equal jitter": between half and all of it, so clients spread out. */
  private Duration backoff(int attempt) {
    long millis = policy.backoff(attempt).toMillis();
    return Duration.ofMillis(millis / 2 + (millis > 1 ? ThreadLocalRandom.current().nextLong(millis / 2 + 1) : 0));
  }

  /** Retry-After in seconds; the HTTP-date form is read as one second (the server sends seconds). */
  private static long seconds(String value) {
    try {
      return Math.max(0, Long.parseLong(value.trim()));
    } catch (NumberFormatException httpDate) {
      return 1;
    }
  }
}
