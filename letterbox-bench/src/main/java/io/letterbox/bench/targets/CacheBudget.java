package io.letterbox.bench.targets;

import io.letterbox.engine.LetterboxConfig;
import java.util.function.UnaryOperator;

/**
 * One cache budget for every target of a run ({@code --cache-mb}, else {@value #DEFAULT_MB} MB):
 * a baseline's one cache (block cache, buffer pool) gets all of it; Letterbox, which has two kinds,
 * gets half as RocksDB's block cache and half as its engine's heap caches (message contents,
 * audience blocks, broadcast heads and ids, group heads), shared in their default proportions.
 * So every cache a target reads from is counted, and none gets more memory than another.
 */
public final class CacheBudget {
  public static final long DEFAULT_MB = 512;

  private CacheBudget() {}

  /** The budget in bytes: {@code cacheBytes}, or the default when the run gave none. */
  public static long of(Long cacheBytes) {
    return cacheBytes == null ? DEFAULT_MB << 20 : cacheBytes;
  }

  /** Letterbox's RocksDB block cache out of {@code budget}. */
  public static long blockCache(long budget) {
    return budget / 2;
  }

  /** Letterbox's engine heap caches sized to the other half of {@code budget}. */
  public static UnaryOperator<LetterboxConfig.Builder> engineCaches(long budget) {
    LetterboxConfig defaults = LetterboxConfig.builder().build();
    double scale = (budget - blockCache(budget)) / (double) engineDefaults(defaults);
    return b -> b.cachedHeadBytes(scaled(defaults.cachedHeadBytes(), scale))
        .cachedMessageBytes(scaled(defaults.cachedMessageBytes(), scale))
        .cachedAudienceBytes(scaled(defaults.cachedAudienceBytes(), scale))
        .cachedBroadcastIdBytes(scaled(defaults.cachedBroadcastIdBytes(), scale))
        .cachedGroupHeadBytes(scaled(defaults.cachedGroupHeadBytes(), scale));
  }

  /** What the report says of Letterbox's share. */
  public static String describe(long budget) {
    return String.format("caches: %d MB in all, %d MB block cache + %d MB engine heap caches", budget >> 20,
        blockCache(budget) >> 20, (budget - blockCache(budget)) >> 20);
  }

  private static long engineDefaults(LetterboxConfig c) {
    return c.cachedHeadBytes() + c.cachedMessageBytes() + c.cachedAudienceBytes() + c.cachedBroadcastIdBytes()
        + c.cachedGroupHeadBytes();
  }

  private static long scaled(long bytes, double scale) {
    return Math.max(1L << 20, Math.round(bytes * scale));
  }
}
