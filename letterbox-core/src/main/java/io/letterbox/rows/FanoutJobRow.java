package io.letterbox.rows;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A broadcast whose fan-out has not finished (the {@code state} space's job rows): sender(8)
 * priority(1: 0 normal, 1 high) block count(4) blocks(8 each), the blocks of its audience.
 */
public record FanoutJobRow(long id, long sender, boolean high, List<Long> blocks) {
  public FanoutJobRow {
    blocks = List.copyOf(blocks);
  }

  public byte[] encode() {
    ByteBuffer b = ByteBuffer.allocate(8 + 1 + 4 + 8 * blocks.size()).putLong(sender).put((byte) (high ? 1 : 0))
        .putInt(blocks.size());
    blocks.forEach(b::putLong);
    return b.array();
  }

  /** @return the job of broadcast {@code id}, or null for no row */
  public static FanoutJobRow decode(long id, byte[] row) {
    if (row == null) {
      return null;
    }
    ByteBuffer b = ByteBuffer.wrap(row);
    long sender = b.getLong();
    boolean high = b.get() == 1;
    int n = b.getInt();
    List<Long> blocks = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      blocks.add(b.getLong());
    }
    return new FanoutJobRow(id, sender, high, blocks);
  }
}
