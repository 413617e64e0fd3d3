package io.letterbox.engine.follow;

import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.store.KeyValueStore;
import java.util.concurrent.CompletableFuture;

/** A consumer's positions as rows of the store: {@code state} meta {@code follow/<consumer>/<partition>}. */
public final class StoredFeedPositions implements FeedPositions {
  private final KeyValueStore store;
  private final String consumer;

  public StoredFeedPositions(KeyValueStore store, String consumer) {
    this.store = store;
    this.consumer = consumer;
  }

  /** The key of {@code consumer}'s position in {@code partition}. */
  public static byte[] key(String consumer, int partition) {
    return StateKey.meta("follow/" + consumer + "/" + partition);
  }

  @Override
  public FeedMark load(int partition) {
    byte[] v = store.get(Spaces.STATE, key(consumer, partition));
    return v == null ? null : FeedMark.decode(v);
  }

  @Override
  public CompletableFuture<Void> store(int partition, FeedMark mark) {
    return store.write(store.newBatch().put(Spaces.STATE, key(consumer, partition), mark.encode()));
  }
}
