package io.letterbox.bench.jmh;

import io.letterbox.bitmap.Blocks;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.roaringbitmap.RoaringBitmap;

/**
 * The bitmap operations of the broadcast design on one audience block (2^16 consecutive uids,
 * one row per sender, block and broadcast), through the engine's codec {@link Blocks}: a
 * reader's membership check (on a cached bitmap, and in the stored row as the engine does it),
 * the frequency cap's {@code requested ANDNOT atCap}, a filtered audience's AND, and the block
 * row's serialization both ways. {@code density} is the share of the block's uids in the
 * audience.
 *
 * <p>Run: {@code java -jar letterbox-bench/target/letterbox-bench.jar jmh BitmapBlockBenchmark}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class BitmapBlockBenchmark {
  static final int BLOCK = 1 << 16;

  @Param({"0.001", "0.05", "0.5"})
  double density;

  RoaringBitmap audience;
  RoaringBitmap atCap;
  RoaringBitmap filter;
  byte[] row;
  int probe;

  @Setup
  public void setUp() {
    SplittableRandom random = new SplittableRandom(7);
    audience = block(random, density);
    atCap = block(random, density / 10);
    filter = block(random, 0.3);
    row = Blocks.serialize(audience);
  }

  static RoaringBitmap block(SplittableRandom random, double density) {
    RoaringBitmap b = new RoaringBitmap();
    for (int i = 0; i < BLOCK; i++) {
      if (random.nextDouble() < density) {
        b.add(i);
      }
    }
    return b;
  }

  @Benchmark
  public boolean contains() {
    probe = (probe + 40_503) & (BLOCK - 1);
    return audience.contains(probe);
  }

  @Benchmark
  public RoaringBitmap capAndNot() {
    return RoaringBitmap.andNot(audience, atCap);
  }

  @Benchmark
  public RoaringBitmap filterAnd() {
    return RoaringBitmap.and(audience, filter);
  }

  @Benchmark
  public byte[] serializeRow() {
    return Blocks.serialize(audience);
  }

  @Benchmark
  public RoaringBitmap deserializeRow() {
    return Blocks.deserialize(row);
  }

  /** The engine's check in a stored row, as a reader of a cold block does it. */
  @Benchmark
  public boolean blocksContains() {
    probe = (probe + 40_503) & (BLOCK - 1);
    return Blocks.contains(row, probe);
  }
}
