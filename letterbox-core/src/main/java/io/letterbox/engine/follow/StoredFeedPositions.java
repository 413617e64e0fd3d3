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

  /**
   * Whether {@code stateKey} is a consumer's position: what an outside party has received, not
   * derived from the log, so {@code rebuild} and {@code migrate} keep it (the journals' seqs it
   * names are kept too).
   */
  public static boolean isPosition(byte[] stateKey) {
    byte[] prefix = StateKey.meta("follow/");
    return stateKey.length > prefix.length
        && java.util.Arrays.equals(stateKey, 0, prefix.length, prefix, 0, prefix.length);
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
