package io.letterbox.engine.apply;

import io.letterbox.rows.PinRow;
import io.letterbox.store.Space;

/**
 * Writes a message's pin (decision 0050) unless the stored one came after it ({@link PinRow#after}),
 * so that the pins and unpins of a conversation give the same set in whatever order partitions
 * apply them.
 */
final class PinRows {
  private PinRows() {}

  /** @param old the stored row of the message's pin, or null */
  static void set(Applying to, Space space, byte[] key, PinRow old, long version, boolean pinned) {
    PinRow row = new PinRow(version, to.id(), pinned);
    if (row.after(old)) {
      to.batch().put(space, key, row.encode());
    }
  }
}
