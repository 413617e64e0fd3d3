package io.letterbox.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The {@link SortedLoad} of a backend without a bulk path: ordinary batches of
 * {@value #BATCH_ENTRIES} entries, each visible as it is written.
 */
final class BatchedLoad implements SortedLoad {
  static final int BATCH_ENTRIES = 10_000;

  private final KeyValueStore store;
  private final Space space;
  private final List<CompletableFuture<Void>> written = new ArrayList<>();
  private WriteBatch batch;
  private byte[] last;
  private long size;
  private boolean done;

  BatchedLoad(KeyValueStore store, Space space) {
    if (space.counters()) {
      throw new IllegalArgumentException("a sorted load takes plain spaces, not counters: " + space.name());
    }
    this.store = store;
    this.space = space;
    this.batch = store.newBatch();
  }

  @Override
  public void put(byte[] key, byte[] value) {
    if (done) {
      throw new IllegalStateException("the load is committed or closed");
    }
    if (last != null && Arrays.compareUnsigned(key, last) <= 0) {
      throw new IllegalArgumentException("keys of a sorted load must ascend");
    }
    last = key.clone();
    batch.put(space, key, value);
    size++;
    if (batch.size() >= BATCH_ENTRIES) {
      written.add(store.write(batch));
      batch = store.newBatch();
    }
  }

  @Override
  public long size() {
    return size;
  }

  @Override
  public CompletableFuture<Void> commit() {
    if (done) {
      throw new IllegalStateException("the load is committed or closed");
    }
    done = true;
    written.add(store.write(batch));
    return CompletableFuture.allOf(written.toArray(new CompletableFuture[0]));
  }

  @Override
  public void close() {
    done = true;
  }
}
