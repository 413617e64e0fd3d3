package io.letterbox.client;

import java.time.Duration;
import java.util.Objects;

/**
 * When a call is tried again (decision 0015): a node that could not be reached, a request whose
 * answer was lost when repeating it is safe, and the server's "not now" (429 or 503 with
 * {@code Retry-After}). Immutable; change it through {@link #newBuilder()}.
 */
public final class RetryPolicy {
  /** Three attempts, 100 ms doubling to 2 s between them, Retry-After honoured up to 30 s. */
  public static final RetryPolicy DEFAULT = new Builder().build();
  /** One attempt: every failure is the caller's to handle. */
  public static final RetryPolicy NONE = new Builder().maxAttempts(1).build();

  private final int maxAttempts;
  private final Duration initialBackoff;
  private final Duration maxBackoff;
  private final Duration maxRetryAfter;

  private RetryPolicy(Builder b) {
    this.maxAttempts = b.maxAttempts;
    this.initialBackoff = b.initialBackoff;
    this.maxBackoff = b.maxBackoff;
    this.maxRetryAfter = b.maxRetryAfter;
  }

  public int maxAttempts() {
    return maxAttempts;
  }

  /** @return the wait before attempt {@code attempt + 1} when the server named none (jitter added by the caller) */
  public Duration backoff(int attempt) {
    long millis = initialBackoff.toMillis() << Math.min(attempt - 1, 20);
    return Duration.ofMillis(Math.min(millis, maxBackoff.toMillis()));
  }

  /** @return the longest Retry-After waited for; a longer one fails the call at once */
  public Duration maxRetryAfter() {
    return maxRetryAfter;
  }

  public Builder newBuilder() {
    return new Builder().maxAttempts(maxAttempts).initialBackoff(initialBackoff).maxBackoff(maxBackoff)
        .maxRetryAfter(maxRetryAfter);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link RetryPolicy}. */
  public static final class Builder {
    private int maxAttempts = 3;
    private Duration initialBackoff = Duration.ofMillis(100);
    private Duration maxBackoff = Duration.ofSeconds(2);
    private Duration maxRetryAfter = Duration.ofSeconds(30);

    private Builder() {}

    /** @param maxAttempts tries of one call in all, at least 1 */
    public Builder maxAttempts(int maxAttempts) {
      if (maxAttempts < 1) {
        throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
      }
      this.maxAttempts = maxAttempts;
      return this;
    }

    public Builder initialBackoff(Duration initialBackoff) {
      this.initialBackoff = nonNegative(initialBackoff, "initialBackoff");
      return this;
    }

    public Builder maxBackoff(Duration maxBackoff) {
      this.maxBackoff = nonNegative(maxBackoff, "maxBackoff");
      return this;
    }

    public Builder maxRetryAfter(Duration maxRetryAfter) {
      this.maxRetryAfter = nonNegative(maxRetryAfter, "maxRetryAfter");
      return this;
    }

    public RetryPolicy build() {
      return new RetryPolicy(this);
    }

    private static Duration nonNegative(Duration d, String name) {
      Objects.requireNonNull(d, name);
      if (d.isNegative()) {
        throw new IllegalArgumentException(name + " must not be negative: " + d);
      }
      return d;
    }
  }
}
