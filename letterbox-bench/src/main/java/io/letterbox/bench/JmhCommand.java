package io.letterbox.bench;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * {@code jmh [JMH options]}: runs the microbenchmarks of {@code io.letterbox.bench.jmh} with JMH's
 * own command line ({@code -h} lists its options; a regex picks benchmarks). Without arguments
 * it runs them all with short settings: {@code -f 1 -wi 3 -w 1s -i 5 -r 1s}.
 */
@Command(name = "jmh", description = "Runs the JMH microbenchmarks (arguments go to JMH; -h for JMH's help).")
public final class JmhCommand implements Callable<Integer> {
  static final List<String> DEFAULTS = List.of("-f", "1", "-wi", "3", "-w", "1s", "-i", "5", "-r", "1s",
      "io.letterbox.bench.jmh");

  /** Everything after {@code jmh}, in order: picocli leaves it all unmatched. */
  @Unmatched
  List<String> jmhArgs = List.of();

  @Override
  public Integer call() throws Exception {
    org.openjdk.jmh.Main.main((jmhArgs.isEmpty() ? DEFAULTS : jmhArgs).toArray(String[]::new));
    return 0;
  }
}
