package io.letterbox.store;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The {@link SortedLoad} of a backend without a bulk path: ordinary batches of
 * {@value #BATCH_ENTRIES} entries, each visible as it is written — by the puts as they fill,
 * which on the backend that takes this load (HBase: a call of its own per batch) hold up no other
 * writer.
 */
final class BatchedLoad extends AbstractSortedLoad {
  static final int BATCH_ENTRIES = 10_000;

  private final KeyValueStore store;
  private final Space space;
  private final List<CompletableFuture<Void>> written = new ArrayList<>();
  private WriteBatch batch;

  BatchedLoad(KeyValueStore store, Space space) {
    this.store = store;
    this.space = loadable(space);
    this.batch = store.newBatch();
  }

  @Override
  protected void append(byte[] key, byte[] value) {
    batch.put(space, key, value);
    if (batch.size() >= BATCH_ENTRIES) {
      written.add(store.write(batch));
      batch = store.newBatch();
    }
  }

  @Override
  protected CompletableFuture<Void> finish() {
    written.add(store.write(batch));
    return CompletableFuture.allOf(written.toArray(new CompletableFuture[0]));
  }

  @Override
  protected void abandon() {
    // What was written stays: the caller may write it again.
  }
}
