package io.letterbox.engine.apply;

import io.letterbox.bitmap.Blocks;
import io.letterbox.store.Space;
import java.util.function.Consumer;
import org.roaringbitmap.RoaringBitmap;

/** Read-modify-write of one stored block bitmap; an emptied block is deleted. */
final class BlockSets {
  private BlockSets() {}

  /** @return the block's cardinality change */
  static long modify(Applying to, Space space, byte[] key, Consumer<RoaringBitmap> change) {
    RoaringBitmap bitmap = to.state().relations().bitmap(space, key);
    long before = bitmap.getLongCardinality();
    change.accept(bitmap);
    if (bitmap.isEmpty()) {
      to.batch().delete(space, key);
    } else {
      to.batch().put(space, key, Blocks.serialize(bitmap));
    }
    return bitmap.getLongCardinality() - before;
  }
}
