package io.letterbox.server.auth;

import com.github.benmanes.caffeine.cache.AsyncLoadingCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.letterbox.keys.Spaces;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyValueStore;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * When each user's tokens were last revoked (decision 0024): a row per user in the store's
 * {@link Spaces#REVOCATIONS} space, read through a cache. A revocation is written to the store
 * first, then to this node's cache; the other nodes are told over the cluster channel and put it
 * in theirs, so that a revoked token is refused on every node from the moment the revocation is
 * answered. An entry not in the cache is read from the store, so a node that was not told (it
 * joined later, or restarted) still sees every revocation.
 *
 * <p>Times are whole seconds, as a token's {@code iat} is: a token is revoked when its {@code iat}
 * is at or before the revocation's second; a token without {@code iat} is revoked by any
 * revocation, since nothing says it was issued after it.
 */
public final class Revocations {
  /** No revocation: every token of the user with an {@code iat} passes. */
  private static final long NONE = Long.MIN_VALUE;
  // Enough users active at once to keep their entries while they are active; an entry evicted is
  // read again from the store, never lost.
  private static final long CACHED_USERS = 200_000;
  // A safety net only: a revocation reaches every live node by being told; one missed by a node
  // (told while it was joining) is read from the store at the latest this long after.
  private static final Duration REREAD_AFTER = Duration.ofMinutes(1);

  private final KeyValueStore store;
  private final AsyncLoadingCache<Long, Long> latest;

  /** @param reads runs the store reads of entries not in the cache (they block) */
  public Revocations(KeyValueStore store, Executor reads) {
    this.store = store;
    this.latest = Caffeine.newBuilder()
        .maximumSize(CACHED_USERS)
        .expireAfterWrite(REREAD_AFTER)
        .executor(reads)
        .buildAsync(this::read);
  }

  /** @return the epoch second of {@code uid}'s latest revocation, or {@link #NONE} */
  private Long read(Long uid) {
    byte[] row = store.get(Spaces.REVOCATIONS, Bytes.ofLong(uid));
    return row == null ? NONE : Bytes.getLong(row, 0);
  }

  /**
   * @return a future of whether a token of {@code uid} issued at {@code issuedAt} (null: without
   *     {@code iat}) is revoked; completed at once when the user's entry is cached
   */
  public CompletableFuture<Boolean> revoked(long uid, Instant issuedAt) {
    return latest.get(uid).thenApply(at -> at != NONE && (issuedAt == null || issuedAt.getEpochSecond() <= at));
  }

  /**
   * Revokes every token of {@code uid} issued at or before {@code at}: stored, then in this node's
   * cache. Never moves a revocation back.
   *
   * @return the second stored
   */
  public CompletableFuture<Long> revoke(long uid, Instant at) {
    long second = at.getEpochSecond();
    return latest.get(uid).thenCompose(known -> {
      long kept = Math.max(known, second);
      return store.write(store.newBatch().put(Spaces.REVOCATIONS, Bytes.ofLong(uid), Bytes.ofLong(kept)))
          .thenApply(v -> {
            learned(uid, kept);
            return kept;
          });
    });
  }

  /** Another node stored a revocation of {@code uid} at epoch second {@code second}: it applies here now. */
  public void learned(long uid, long second) {
    latest.asMap().compute(uid, (k, known) -> {
      if (known == null || !known.isDone() || known.isCompletedExceptionally()) {
        return CompletableFuture.completedFuture(second);
      }
      return CompletableFuture.completedFuture(Math.max(known.join(), second));
    });
  }
}
