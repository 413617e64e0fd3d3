package io.letterbox.engine.follow;

import java.util.concurrent.CompletableFuture;

/** Where a consumer's position in each partition is kept. */
public interface FeedPositions {
  /** The consumer's position in {@code partition}; null if it never had one. */
  FeedMark load(int partition);

  /** Keeps {@code mark} as the position in {@code partition}; completes once it is durable. */
  CompletableFuture<Void> store(int partition, FeedMark mark);
}
