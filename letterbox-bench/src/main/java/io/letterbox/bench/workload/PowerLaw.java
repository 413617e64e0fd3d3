package io.letterbox.bench.workload;

import java.util.SplittableRandom;

/**
 * Ranks drawn with probability roughly proportional to 1/(rank+1) (Zipf, exponent 1): a few
 * ranks get most of the draws, as a few users and conversations get most of a DM service's
 * traffic. Inverse-transform of the continuous law, so a draw costs one {@code pow}.
 */
public final class PowerLaw {
  private PowerLaw() {}

  /** @return a rank in {@code [0, n)} */
  public static int rank(SplittableRandom random, int n) {
    if (n <= 1) {
      return 0;
    }
    double x = Math.pow(n + 1.0, random.nextDouble());
    return (int) Math.min(n - 1, Math.max(0, (long) x - 1));
  }

  /**
   * The follower count of the account at popularity {@code rank} when the largest has
   * {@code maxFans}: {@code maxFans / (rank+1)}, so ranks 0..9 have 10M..1M when maxFans is 10M.
   */
  public static long fans(long maxFans, int rank) {
    return Math.max(1, maxFans / (rank + 1L));
  }
}
