package io.letterbox.bench.jmh;

import io.letterbox.id.IdGenerator;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Message id generation: one per send on the sequencer thread ({@code single}), and the
 * synchronized generator under two contending threads ({@code contended}), the worst it gets on
 * two cores.
 *
 * <p>Run: {@code java -jar letterbox-bench/target/letterbox-bench.jar jmh IdGeneratorBenchmark}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class IdGeneratorBenchmark {
  final IdGenerator ids = new IdGenerator(Clock.systemUTC(), 1, 0);

  @Benchmark
  public long single() {
    return ids.next();
  }

  @Benchmark
  @Group("contended")
  @GroupThreads(2)
  public long contended() {
    return ids.next();
  }
}
