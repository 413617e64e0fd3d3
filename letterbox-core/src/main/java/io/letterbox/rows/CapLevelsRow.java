package io.letterbox.rows;

import io.letterbox.bitmap.Blocks;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.roaringbitmap.RoaringBitmap;

/**
 * The frequency-cap levels of one (sender, window, block) (the {@code cap_levels} space): a
 * count(1), then each level as length(4) and a serialized bitmap, level 1 first.
 */
public final class CapLevelsRow {
  private CapLevelsRow() {}

  public static byte[] encode(List<RoaringBitmap> levels) {
    List<byte[]> parts = new ArrayList<>(levels.size());
    int size = 1;
    for (RoaringBitmap level : levels) {
      byte[] p = Blocks.serialize(level);
      parts.add(p);
      size += 4 + p.length;
    }
    ByteBuffer b = ByteBuffer.allocate(size).put((byte) parts.size());
    for (byte[] p : parts) {
      b.putInt(p.length).put(p);
    }
    return b.array();
  }

  /** @return the levels, none for no row */
  public static List<RoaringBitmap> decode(byte[] row) {
    List<RoaringBitmap> levels = new ArrayList<>();
    if (row == null) {
      return levels;
    }
    ByteBuffer b = ByteBuffer.wrap(row);
    int n = b.get();
    for (int i = 0; i < n; i++) {
      byte[] p = new byte[b.getInt()];
      b.get(p);
      levels.add(Blocks.deserialize(p));
    }
    return levels;
  }
}
