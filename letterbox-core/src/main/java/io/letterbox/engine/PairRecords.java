package io.letterbox.engine;

import io.letterbox.bitmap.Blocks;
import io.letterbox.keys.AudienceKey;
import io.letterbox.keys.BlockKey;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.RelationBlockKey;
import io.letterbox.keys.Spaces;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.WriteBatch;
import java.util.List;
import org.roaringbitmap.RoaringBitmap;

/**
 * A broadcast's fan-out to receivers that are not related to its sender: one reached record per
 * new (receiver, sender) pair, so the receiver finds the sender. Receivers who follow or
 * subscribe find it through their own relations and need none; receivers paired by an earlier
 * broadcast need none again. Writes go in receiver order, which a log-structured store takes
 * almost for free. Idempotent: running it twice writes the same records.
 */
final class PairRecords {
  private static final byte[] EMPTY = new byte[0];
  private static final int BATCH_RECORDS = 50_000;

  private PairRecords() {}

  /** @return how many new pairs were recorded */
  static long write(KeyValueStore store, long sender, long broadcastId, List<Long> blocks) {
    // Visible as written; durable all together at the end, before the job logs its completion.
    List<java.util.concurrent.CompletableFuture<Void>> durable = new java.util.ArrayList<>();
    WriteBatch batch = store.newBatch();
    long written = 0;
    for (long block : blocks) {
      RoaringBitmap fresh = Blocks.deserialize(store.get(Spaces.AUDIENCE, AudienceKey.of(sender, block, broadcastId)));
      fresh.andNot(Blocks.deserialize(store.get(Spaces.RELATION_BLOCKS, RelationBlockKey.followers(sender, block))));
      fresh.andNot(Blocks.deserialize(store.get(Spaces.RELATION_BLOCKS, RelationBlockKey.subscribers(sender, block))));
      byte[] pairedKey = BlockKey.of(sender, block);
      RoaringBitmap paired = Blocks.deserialize(store.get(Spaces.PAIRED_BLOCKS, pairedKey));
      fresh.andNot(paired);
      if (fresh.isEmpty()) {
        continue;
      }
      for (int low : fresh) {
        batch.put(Spaces.REACHED, PairKey.of(Blocks.uid(block, low), sender), EMPTY);
      }
      paired.or(fresh);
      batch.put(Spaces.PAIRED_BLOCKS, pairedKey, Blocks.serialize(paired));
      written += fresh.getLongCardinality();
      if (batch.size() >= BATCH_RECORDS) {
        durable.add(store.write(batch));
        batch = store.newBatch();
      }
    }
    durable.add(store.write(batch));
    java.util.concurrent.CompletableFuture.allOf(durable.toArray(new java.util.concurrent.CompletableFuture[0])).join();
    return written;
  }
}
