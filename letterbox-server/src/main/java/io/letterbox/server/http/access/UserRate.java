package io.letterbox.server.http.access;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.EstimationProbe;
import java.time.Duration;

/**
 * One rate limit of every user on this node: a Bucket4j token bucket per user (decision 0021),
 * {@code capacity} tokens refilled at {@code perPeriod} a {@code period}. The buckets live in a
 * Caffeine cache that drops a user's bucket once it has been idle as long as an empty bucket takes
 * to fill, and at least {@link #MIN_IDLE}: by then it is full, so dropping it changes nothing the
 * user may do, and a user who sends now and then keeps its bucket instead of making a new one for
 * nearly every request. The cache is also bounded ({@link #MAX_USERS}); past that the least used
 * users' buckets go, and come back full.
 */
final class UserRate {
  /** Users whose buckets one limit keeps at most: a bucket and its entry take about 250 bytes. */
  static final long MAX_USERS = 1 << 18;
  /** The shortest idle time after which a bucket is dropped. */
  static final Duration MIN_IDLE = Duration.ofMinutes(1);

  private final long capacity;
  private final Duration period;
  private final Bandwidth bandwidth;
  private final Cache<Long, Bucket> buckets;

  UserRate(long capacity, long perPeriod, Duration period) {
    this.capacity = capacity;
    this.period = period;
    this.bandwidth = Bandwidth.builder().capacity(capacity).refillGreedy(perPeriod, period).build();
    // How long an empty bucket takes to fill, in floating point: a day's bytes times a day's nanoseconds passes a long.
    Duration fill = Duration.ofNanos((long) Math.max(1, Math.min(Long.MAX_VALUE / 2.0,
        (double) capacity * period.toNanos() / perPeriod)));
    // Its upkeep (expiry, eviction) runs on the calling event loop, a little at a time, rather than
    // waking a pool's thread after writes.
    this.buckets = Caffeine.newBuilder().expireAfterAccess(fill.compareTo(MIN_IDLE) > 0 ? fill : MIN_IDLE)
        .maximumSize(MAX_USERS).executor(Runnable::run).build();
  }

  private Bucket of(long uid) {
    return buckets.get(uid, k -> Bucket.builder().addLimit(bandwidth).build());
  }

  /** @return 0 if {@code n} tokens were taken from {@code uid}'s bucket, else the nanoseconds until they would be there */
  long take(long uid, long n) {
    ConsumptionProbe p = of(uid).tryConsumeAndReturnRemaining(n);
    return p.isConsumed() ? 0 : waitNanos(n, p.getNanosToWaitForRefill());
  }

  /** @return 0 if {@code n} tokens are in {@code uid}'s bucket now (none is taken), else the nanoseconds until they would be */
  long waitFor(long uid, long n) {
    EstimationProbe p = of(uid).estimateAbilityToConsume(n);
    return p.canBeConsumed() ? 0 : waitNanos(n, p.getNanosToWaitForRefill());
  }

  /** Puts back {@code n} tokens taken for a request that did not need them (up to the capacity). */
  void giveBack(long uid, long n) {
    of(uid).addTokens(n);
  }

  /** More than the bucket holds never fits: the answer is then a whole period. */
  private long waitNanos(long n, long nanos) {
    return n > capacity ? period.toNanos() : Math.max(1, nanos);
  }

  long capacity() {
    return capacity;
  }
}
