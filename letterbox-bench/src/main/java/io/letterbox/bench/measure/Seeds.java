package io.letterbox.bench.measure;

import java.nio.charset.StandardCharsets;

/**
 * Seeds derived from the run's seed, one per measurement and per thread, so that no two random
 * streams of a run are the same sequence (the 2-thread run's first thread does not replay the
 * 1-thread run, a warm-up does not touch exactly what its measurement reads) while every run with
 * the same seed repeats, on every target alike.
 */
public final class Seeds {
  private Seeds() {}

  /** The seed of the stream named {@code what} (a measurement, a phase) of a run seeded {@code seed}. */
  public static long of(long seed, String what) {
    long h = seed;
    for (byte b : what.getBytes(StandardCharsets.UTF_8)) {
      h = mix(h ^ b);
    }
    return mix(h ^ what.length());
  }

  /** The seed of stream number {@code index} (a thread) under {@code seed}. */
  public static long of(long seed, int index) {
    return mix(seed ^ mix(index + 0x9E3779B97F4A7C15L));
  }

  /** Stafford's variant 13 of MurmurHash3's 64-bit finalizer: every input bit moves every output bit. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
