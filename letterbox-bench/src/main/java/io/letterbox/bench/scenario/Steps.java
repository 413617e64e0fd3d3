package io.letterbox.bench.scenario;

import io.letterbox.bench.measure.ClosedLoop;
import io.letterbox.bench.measure.Latency;
import io.letterbox.bench.measure.Measured;
import io.letterbox.bench.measure.Progress;
import io.letterbox.bench.measure.Seeds;
import io.letterbox.bench.measure.Sequence;
import io.letterbox.bench.measure.TimedLoop;
import io.letterbox.bench.report.Report;
import io.letterbox.bench.targets.DmTarget;
import io.letterbox.bench.targets.Unsupported;
import io.letterbox.bench.workload.History;
import io.letterbox.bench.workload.OldHistory;
import io.letterbox.bench.workload.Population;
import io.letterbox.bench.workload.Texts;
import io.letterbox.bench.report.Figures;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;

/** Steps several scenarios share: loading history, live sends, timed reads, disk use. */
final class Steps {
  /** The figure of bytes a store keeps outside its spaces: its logs and its own files. */
  static final String OUTSIDE_THE_SPACES = "outside the spaces";
  static final int LOAD_CHUNK = 10_000;
  static final int SEND_WINDOW = 512;

  private Steps() {}

  /** Loads the history's messages into the target as old history (not timed as sends). */
  static Measured load(DmTarget target, OldHistory history) {
    return load(target, history, LOAD_CHUNK);
  }

  /** Loads the history's messages into the target as old history, {@code chunk} a call. */
  static Measured load(DmTarget target, OldHistory history, int chunk) {
    long start = System.nanoTime();
    try (Progress progress = Progress.start(target.name() + " load", history.messages())) {
      history.forEach(chunk, messages -> {
        target.load(messages);
        progress.advance(messages.size());
      });
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    return new Measured(history.messages(), 0, seconds, new Latency(), null);
  }

  /** Owner then peer of a conversation drawn by activity, seen from a random side. */
  static long[] side(History history, SplittableRandom random) {
    long[] pair = history.pair(history.pickConversation(random));
    return random.nextBoolean() ? pair : new long[] {pair[1], pair[0]};
  }

  /**
   * Sends {@code count} new messages into the history's conversations, durably, with many in
   * flight: the recent end of each conversation. Message i is the same for every target.
   */
  static Measured sendInto(DmTarget target, History history, long count, long seed) throws InterruptedException {
    return ClosedLoop.run(target.name() + " live sends", count, SEND_WINDOW, i -> {
      SplittableRandom random = new SplittableRandom(seed * 1_000_003L + i);
      long[] pair = history.pair(history.pickConversation(random));
      boolean flip = random.nextBoolean();
      return target.send(flip ? pair[1] : pair[0], flip ? pair[0] : pair[1], Texts.pick(random));
    });
  }

  /**
   * Sends messages number {@code first} to {@code first + n - 1} between random pairs of the
   * population, durably, {@code window} in flight: the same messages to every target.
   */
  static Measured sendPairs(DmTarget target, Population people, String phase, long first, long n, int window,
      long seed) throws InterruptedException {
    return ClosedLoop.run(target.name() + " " + phase, n, window, i -> {
      SplittableRandom random = new SplittableRandom(seed * 1_000_003L + first + i);
      long[] pair = people.pair(random);
      return target.send(pair[0], pair[1], Texts.pick(random));
    });
  }

  /**
   * Runs {@code step} up to {@code count} times one after another ({@link Sequence}) and adds
   * the row of its samples; if the target does not have an operation a step needs (it throws
   * {@link Unsupported}) the row is a skip with the reason.
   */
  static void sequence(Report report, String operation, DmTarget target, int count, Sequence.Step step) {
    AtomicReference<String> unsupported = new AtomicReference<>();
    Measured m = Sequence.run(target.name() + " " + operation, count, (i, timer) -> {
      try {
        return step.run(i, timer);
      } catch (Unsupported e) {
        unsupported.set(e.getMessage());
        return false;
      }
    });
    if (unsupported.get() != null) {
      report.skip(operation, target.name(), unsupported.get());
    } else {
      add(report, operation, target, m, m.sampleFigures());
    }
  }

  /**
   * Times {@code op} on {@code threads} threads and adds the row; if the target does not have the
   * operation (it throws {@link Unsupported} on a first try) the row is a skip with the reason.
   */
  static void timed(Report report, String operation, DmTarget target, int threads, double seconds, long seed,
      String rateName, TimedLoop.Op op) throws Exception {
    timed(report, operation, target, threads, seconds, seed, rateName, true, op);
  }

  /**
   * {@link #timed}, with or without its untimed warm-up and tries: a cold measurement right after
   * a restart has neither, so its first reads are the restart's first.
   */
  static void timed(Report report, String operation, DmTarget target, int threads, double seconds, long seed,
      String rateName, boolean warmUp, TimedLoop.Op op) throws Exception {
    AtomicReference<String> unsupported = new AtomicReference<>();
    TimedLoop.Op guarded = (random, timer) -> {
      try {
        op.run(random, timer);
      } catch (Unsupported e) {
        unsupported.set(e.getMessage());
      }
    };
    // A few untimed tries first: a target without the operation is not worth a timed run.
    SplittableRandom probe = new SplittableRandom(Seeds.of(seed, operation + " probe"));
    TimedLoop.Timer untimed = new TimedLoop.Timer() {
      @Override
      public <T> T time(java.util.concurrent.Callable<T> operation) throws Exception {
        return operation.call();
      }
    };
    for (int i = 0; warmUp && i < 20 && unsupported.get() == null; i++) {
      guarded.run(probe, untimed);
    }
    if (unsupported.get() != null) {
      report.skip(operation, target.name(), unsupported.get());
      return;
    }
    // An untimed first stretch, for the JIT and the caches; then the measurement. Each has its own
    // stream, named by the operation (which names its thread count): the same on every target.
    if (warmUp) {
      TimedLoop.run(target.name() + " warm-up", threads, Math.min(2, seconds * 0.3), Seeds.of(seed, operation + " warm-up"),
          guarded);
    }
    Measured m = TimedLoop.run(target.name() + " " + operation, threads, seconds, Seeds.of(seed, operation), guarded);
    if (unsupported.get() != null) {
      report.skip(operation, target.name(), unsupported.get());
    } else if (m.ops() == 0 && m.errors() == 0) {
      report.skip(operation, target.name(), "no samples in the measured time");
    } else {
      add(report, operation, target, m, rateName);
    }
  }

  /** Adds what was measured; an operation whose every attempt failed is a failure of the run, not a figure. */
  static void add(Report report, String operation, DmTarget target, Measured m, String rateName) {
    add(report, operation, target, m, m.figures(rateName));
  }

  private static void add(Report report, String operation, DmTarget target, Measured m, Map<String, Double> figures) {
    if (m.ops() == 0 && m.errors() > 0) {
      report.fail(operation, target.name(), "every attempt failed (" + m.errors() + "), first: " + m.firstError());
      return;
    }
    if (m.samplesMs().isEmpty()) {
      report.add(operation, target.name(), figures);
    } else {
      report.add(operation, target.name(), figures, m.samplesMs());
    }
    if (m.errors() > 0) {
      report.note(target.name() + " " + operation + ": " + m.errors() + " failures, first: " + m.firstError());
    }
  }

  /** A target's bytes on disk at one moment, in all and by space (Letterbox's; empty for the others). */
  record DiskUse(long bytes, Map<String, Long> bySpace) {}

  /** @return the target's disk use now; 0 bytes if it cannot tell them at once ({@link #diskPer} says why) */
  static DiskUse diskUse(DmTarget target) {
    try {
      return new DiskUse(target.diskBytes(), target.diskBytesBySpace());
    } catch (Unsupported e) {
      return new DiskUse(0, Map.of());
    }
  }

  /**
   * Compacts the target and adds its bytes per item beyond {@code before}; a target that cannot
   * tell its bytes at once ({@link Unsupported}) gets a skip with its reason. For a target with
   * spaces, a note gives the bytes per item of each space that grew, largest first, and what the
   * spaces leave out (logs, the store's own files).
   */
  static void diskPer(Report report, String operation, DmTarget target, DiskUse before, long items, String per) {
    try (Progress progress = Progress.start(target.name() + " compaction", 1)) {
      target.compact();
      progress.advance(1);
    }
    DiskUse after;
    try {
      after = new DiskUse(target.diskBytes(), target.diskBytesBySpace());
    } catch (Unsupported e) {
      report.skip(operation, target.name(), e.getMessage());
      return;
    }
    long bytes = after.bytes() - before.bytes();
    report.add(operation, target.name(), Figures.of("bytes/" + per, bytes / (double) items));
    if (!after.bySpace().isEmpty()) {
      Map<String, Long> grown = new TreeMap<>();
      after.bySpace().forEach((space, b) -> grown.put(space, b - before.bySpace().getOrDefault(space, 0L)));
      long inSpaces = grown.values().stream().mapToLong(Long::longValue).sum();
      Map<String, Double> split = new LinkedHashMap<>();
      grown.entrySet().stream()
          .filter(e -> e.getValue() != 0)
          .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
          .forEach(e -> split.put(e.getKey() + ", bytes/" + per, e.getValue() / (double) items));
      split.put(OUTSIDE_THE_SPACES + ", bytes/" + per, (bytes - inSpaces) / (double) items);
      report.add(operation + ", by space", target.name(), split);
    }
  }

  /** @return the target's bytes on disk; 0 if it cannot tell them at once ({@link #diskPer} says why) */
  static long diskBytes(DmTarget target) {
    try {
      return target.diskBytes();
    } catch (Unsupported e) {
      return 0;
    }
  }

  /** The followers of the population's first (most-followed) account: the broadcasts' audience. */
  static long[] followersOfTheFirst(io.letterbox.bench.workload.Population people, int size) {
    try (Progress progress = Progress.start("generating followers", 1)) {
      long[] fans = people.fans(0, size);
      progress.advance(1);
      return fans;
    }
  }
}
