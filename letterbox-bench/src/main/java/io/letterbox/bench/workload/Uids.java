package io.letterbox.bench.workload;

import java.util.Arrays;
import java.util.SplittableRandom;

/** Weibo-like uids: ten decimal digits, from 1,000,000,000 to 7,500,000,000. */
public final class Uids {
  public static final long MIN = 1_000_000_000L;
  public static final long MAX = 7_500_000_000L;

  private Uids() {}

  /** @return {@code n} distinct uids in ascending order, the same for the same seed */
  public static long[] distinctSorted(int n, long seed) {
    if (n < 0 || n > (MAX - MIN) / 2) {
      throw new IllegalArgumentException("n must be 0.." + (MAX - MIN) / 2 + ": " + n);
    }
    SplittableRandom random = new SplittableRandom(seed);
    long[] uids = new long[n];
    int filled = 0;
    while (filled < n) {
      for (int i = filled; i < n; i++) {
        uids[i] = random.nextLong(MIN, MAX);
      }
      Arrays.sort(uids, 0, n);
      filled = dedupe(uids, n);
    }
    return uids;
  }

  /** Removes repeats from the sorted prefix; @return how many distinct values it keeps. */
  private static int dedupe(long[] sorted, int n) {
    int out = 0;
    for (int i = 0; i < n; i++) {
      if (out == 0 || sorted[out - 1] != sorted[i]) {
        sorted[out++] = sorted[i];
      }
    }
    return out;
  }

  /** Shuffles {@code a} in place (Fisher–Yates): every order equally likely. */
  public static void shuffle(long[] a, SplittableRandom random) {
    for (int i = a.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      long t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }
}
