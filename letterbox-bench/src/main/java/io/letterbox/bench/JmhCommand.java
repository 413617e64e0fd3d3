package io.letterbox.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * {@code jmh [JMH options] [regex]}: runs the microbenchmarks of {@code io.letterbox.bench.jmh}
 * with JMH's own command line ({@code -h} lists its options). Short settings apply unless given:
 * one fork, 3 warm-up and 5 measured iterations of a second each, so all of them take minutes,
 * not an hour.
 */
@Command(name = "jmh", description = "Runs the JMH microbenchmarks (arguments go to JMH; -h for JMH's help).")
public final class JmhCommand implements Callable<Integer> {
  static final Map<String, String> SHORT = new LinkedHashMap<>();

  static {
    SHORT.put("-f", "1");
    SHORT.put("-wi", "3");
    SHORT.put("-w", "1s");
    SHORT.put("-i", "5");
    SHORT.put("-r", "1s");
  }

  /** Everything after {@code jmh}, in order: picocli leaves it all unmatched. */
  @Unmatched
  List<String> jmhArgs = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    List<String> args = new ArrayList<>();
    SHORT.forEach((option, value) -> {
      if (!jmhArgs.contains(option)) {
        args.add(option);
        args.add(value);
      }
    });
    args.addAll(jmhArgs);
    org.openjdk.jmh.Main.main(args.toArray(String[]::new));
    return 0;
  }
}
