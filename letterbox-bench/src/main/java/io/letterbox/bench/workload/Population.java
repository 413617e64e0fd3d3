package io.letterbox.bench.workload;

import java.util.SplittableRandom;

/**
 * The active users of a run, by popularity: {@link #uid(int) uid(0)} is the most popular. Their
 * uids are random ten-digit Weibo-like numbers, so popularity has nothing to do with uid order.
 * The follower graph is a power law ({@link PowerLaw#fans}): the account at rank r has
 * {@code maxFans/(r+1)} fans, drawn from the whole uid space ({@link #fans}) so that a 10M-fan
 * account really has 10M distinct receivers. Everything follows from the seed.
 */
public final class Population {
  private final long seed;
  private final long[] byRank;
  private final long maxFans;

  public Population(long seed, int users, long maxFans) {
    if (users < 2) {
      throw new IllegalArgumentException("a population needs at least 2 users: " + users);
    }
    this.seed = seed;
    this.maxFans = maxFans;
    this.byRank = Uids.distinctSorted(users, seed);
    Uids.shuffle(byRank, new SplittableRandom(seed ^ 0x5eedL));
  }

  public int size() {
    return byRank.length;
  }

  public long uid(int rank) {
    return byRank[rank];
  }

  /** A user drawn by popularity. */
  public long pick(SplittableRandom random) {
    return byRank[PowerLaw.rank(random, byRank.length)];
  }

  /**
   * A one-to-one conversation: anyone writing to someone drawn by popularity, as fans write to
   * the accounts they follow.
   */
  public long[] pair(SplittableRandom random) {
    long a = uid(random.nextInt(byRank.length));
    long b = pick(random);
    while (b == a) {
      b = uid(random.nextInt(byRank.length));
    }
    return new long[] {a, b};
  }

  public long fanCount(int rank) {
    return PowerLaw.fans(maxFans, rank);
  }

  /** The fans of the account at {@code rank}, or the first {@code limit} of them, sorted. */
  public long[] fans(int rank, int limit) {
    int n = (int) Math.min(limit, fanCount(rank));
    return Uids.distinctSorted(n, seed * 31 + rank + 1);
  }
}
