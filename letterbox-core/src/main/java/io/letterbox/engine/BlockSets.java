package io.letterbox.engine;

import io.letterbox.bitmap.Blocks;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.Space;
import io.letterbox.store.WriteBatch;
import java.util.function.Consumer;
import org.roaringbitmap.RoaringBitmap;

/** Read-modify-write of one stored block bitmap; an emptied block is deleted. */
final class BlockSets {
  private BlockSets() {}

  /** @return the block's cardinality change */
  static long modify(KeyValueStore store, WriteBatch batch, Space space, byte[] key,
      Consumer<RoaringBitmap> change) {
    RoaringBitmap bitmap = Blocks.deserialize(store.get(space, key));
    long before = bitmap.getLongCardinality();
    change.accept(bitmap);
    if (bitmap.isEmpty()) {
      batch.delete(space, key);
    } else {
      batch.put(space, key, Blocks.serialize(bitmap));
    }
    return bitmap.getLongCardinality() - before;
  }
}
