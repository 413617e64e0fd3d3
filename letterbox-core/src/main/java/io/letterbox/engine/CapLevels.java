package io.letterbox.engine;

import io.letterbox.bitmap.Blocks;
import io.letterbox.keys.CapLevelKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.FrequencyCap;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.WriteBatch;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.roaringbitmap.RoaringBitmap;

/**
 * Frequency cap counters over receivers, as bitmaps: for one sender, one window and one block of
 * receivers, level {@code j} holds the receivers that got at least {@code j} messages (one-to-one
 * and broadcast alike). Those at level {@code n} are at the cap, so a broadcast's effective
 * audience is {@code requested ANDNOT level(n)}, and counting a message in is
 * {@code level(j) |= level(j-1) AND audience}. Caps are small numbers (1 to a few), for which
 * these unary levels are simpler than bit-sliced counters and as small.
 */
final class CapLevels {
  private CapLevels() {}

  /** The start of the cap window that holds {@code millis}, windows aligned to the Unix epoch. */
  static long windowStart(FrequencyCap cap, long millis) {
    long period = cap.period().toMillis();
    return millis - Math.floorMod(millis, period);
  }

  /** The levels of one block; level 1 first. */
  static List<RoaringBitmap> read(KeyValueStore store, long sender, long windowStart, long block) {
    return decode(store.get(Spaces.CAP_LEVELS, CapLevelKey.of(sender, windowStart, block)));
  }

  /** Whether {@code receiver} is at the cap. */
  static boolean atCap(KeyValueStore store, long sender, FrequencyCap cap, long millis, long receiver) {
    List<RoaringBitmap> levels = read(store, sender, windowStart(cap, millis), Blocks.block(receiver));
    return levels.size() >= cap.messages() && levels.get(cap.messages() - 1).contains(Blocks.low(receiver));
  }

  /**
   * Takes the receivers at the cap out of {@code audience} (changed in place, per block), counts
   * one message in for the rest, and writes the new levels.
   *
   * @return how many receivers the cap took out
   */
  static long apply(KeyValueStore store, WriteBatch batch, long sender, FrequencyCap cap, long millis,
      Map<Long, RoaringBitmap> audience) {
    long window = windowStart(cap, millis);
    long capped = 0;
    for (Map.Entry<Long, RoaringBitmap> e : audience.entrySet()) {
      List<RoaringBitmap> levels = read(store, sender, window, e.getKey());
      RoaringBitmap receivers = e.getValue();
      if (levels.size() >= cap.messages()) {
        long before = receivers.getLongCardinality();
        receivers.andNot(levels.get(cap.messages() - 1));
        capped += before - receivers.getLongCardinality();
      }
      countIn(levels, receivers, cap.messages());
      batch.put(Spaces.CAP_LEVELS, CapLevelKey.of(sender, window, e.getKey()), encode(levels));
    }
    return capped;
  }

  /** Adds one message for every receiver in {@code got}, keeping at most {@code max} levels. */
  private static void countIn(List<RoaringBitmap> levels, RoaringBitmap got, int max) {
    int top = Math.min(max, levels.size() + 1);
    for (int j = top; j >= 1; j--) {
      RoaringBitmap add = j == 1 ? got : RoaringBitmap.and(levels.get(j - 2), got);
      if (j > levels.size()) {
        levels.add(add.clone());
      } else {
        levels.get(j - 1).or(add);
      }
    }
  }

  private static byte[] encode(List<RoaringBitmap> levels) {
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

  private static List<RoaringBitmap> decode(byte[] row) {
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
