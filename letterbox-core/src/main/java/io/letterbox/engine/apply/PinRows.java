package io.letterbox.engine.apply;

import io.letterbox.rows.PinRow;
import io.letterbox.store.Space;

/**
 * Writes a message's pin (decision 0050): the action with the higher log id wins, so that the
 * pins and unpins of a conversation give the same set in whatever order partitions apply them.
 */
final class PinRows {
  private PinRows() {}

  /** @param old the stored row of the message's pin, or null */
  static void set(Applying to, Space space, byte[] key, PinRow old, boolean pinned) {
    if (old == null || old.by() < to.id()) {
      to.batch().put(space, key, new PinRow(to.id(), pinned).encode());
    }
  }
}
