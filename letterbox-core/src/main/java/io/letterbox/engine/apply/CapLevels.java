package io.letterbox.engine.apply;

import io.letterbox.bitmap.Blocks;
import io.letterbox.engine.read.StateReader;
import io.letterbox.keys.CapLevelKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.FrequencyCap;
import io.letterbox.rows.CapLevelsRow;
import io.letterbox.store.WriteBatch;
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
public final class CapLevels {
  private CapLevels() {}

  /** The start of the cap window that holds {@code millis}, windows aligned to the Unix epoch. */
  static long windowStart(FrequencyCap cap, long millis) {
    long period = cap.period().toMillis();
    return millis - Math.floorMod(millis, period);
  }

  /** Where one count's levels are kept, per cap window and block of receivers. */
  public record Counters(io.letterbox.store.Space space, Keys keys) {
    /** The key of one window's levels for one block. */
    public interface Keys {
      byte[] of(long windowStart, long block);
    }
  }

  /** A sender's counts over its receivers (one-to-one messages and broadcasts). */
  public static Counters ofSender(long sender) {
    return new Counters(Spaces.CAP_LEVELS, (w, b) -> CapLevelKey.of(sender, w, b));
  }

  /** A group's counts over its posters: posts count as messages to the group (decision 0011). */
  public static Counters ofGroup(long gid) {
    return new Counters(Spaces.GROUPS, (w, b) -> io.letterbox.keys.GroupKey.capLevels(gid, w, b));
  }

  /** Whether {@code receiver} is at the cap of {@code sender}. */
  public static boolean atCap(StateReader state, long sender, FrequencyCap cap, long millis, long receiver) {
    return atCap(state, ofSender(sender), cap, millis, receiver);
  }

  /** Whether {@code receiver} is at the cap in {@code counters}. */
  public static boolean atCap(StateReader state, Counters counters, FrequencyCap cap, long millis, long receiver) {
    List<RoaringBitmap> levels = state.senders().capLevels(counters.space(),
        counters.keys().of(windowStart(cap, millis), Blocks.block(receiver)));
    return levels.size() >= cap.messages() && levels.get(cap.messages() - 1).contains(Blocks.low(receiver));
  }

  /**
   * Takes the receivers at the cap out of {@code audience} (changed in place, per block), counts
   * one message in for the rest, and writes the new levels.
   *
   * @return how many receivers the cap took out
   */
  static long apply(StateReader state, WriteBatch batch, long sender, FrequencyCap cap, long millis,
      Map<Long, RoaringBitmap> audience) {
    return apply(state, batch, ofSender(sender), cap, millis, audience);
  }

  static long apply(StateReader state, WriteBatch batch, Counters counters, FrequencyCap cap, long millis,
      Map<Long, RoaringBitmap> audience) {
    long window = windowStart(cap, millis);
    long capped = 0;
    for (Map.Entry<Long, RoaringBitmap> e : audience.entrySet()) {
      byte[] key = counters.keys().of(window, e.getKey());
      List<RoaringBitmap> levels = state.senders().capLevels(counters.space(), key);
      RoaringBitmap receivers = e.getValue();
      if (levels.size() >= cap.messages()) {
        long before = receivers.getLongCardinality();
        receivers.andNot(levels.get(cap.messages() - 1));
        capped += before - receivers.getLongCardinality();
      }
      countIn(levels, receivers, cap.messages());
      batch.put(counters.space(), key, CapLevelsRow.encode(levels));
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
}
