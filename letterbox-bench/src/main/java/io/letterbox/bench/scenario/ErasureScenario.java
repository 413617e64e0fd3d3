package io.letterbox.bench.scenario;

import io.letterbox.bench.cli.Size;
import io.letterbox.bench.report.Report;
import io.letterbox.bench.targets.DmTarget;
import io.letterbox.bench.targets.LetterboxTarget;
import io.letterbox.engine.Letterbox;
import io.letterbox.model.Erasure;
import io.letterbox.model.SendRequest;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Erasure of a user who sent many one-to-one messages (decision 0044): the time to {@code done}
 * and to physically removed (the full compaction after it), and the rate of other users' durable sends from closed-loop threads while it runs, beside the
 * same sends with no erasure running, before it and after it (API.md: at least 70 %). Letterbox
 * only, embedded store.
 */
@Command(name = "erasure", mixinStandardHelpOptions = true,
    description = "Erasure of a user with many messages: seconds to done, sends/s during it against without.")
public final class ErasureScenario extends ScenarioCommand {
  @Option(names = "--messages", description = "Messages the erased user sent (default ${DEFAULT-VALUE}).",
      defaultValue = "200000")
  long messages;

  @Option(names = "--peers", description = "Users it sent them to (default ${DEFAULT-VALUE}).", defaultValue = "1000")
  int peers;

  @Option(names = "--threads", description = "Closed-loop sending threads of other users (default ${DEFAULT-VALUE}).",
      defaultValue = "4")
  int threads;

  @Option(names = "--seconds", description = "Seconds of sends without an erasure (default ${DEFAULT-VALUE}).",
      defaultValue = "15")
  double seconds;

  private static final long ERASED = 7_000_000_001L;
  private static final long FIRST_PEER = 7_100_000_000L;
  private static final long FIRST_SENDER = 7_200_000_000L;

  @Override
  protected void describe(Report report, Size size) {
    report.parameter("messages", messages);
    report.parameter("peers", peers);
    report.parameter("threads", threads);
    report.parameter("secondsWithout", seconds);
  }

  @Override
  protected void run(List<DmTarget> targets, Report report) throws Exception {
    Letterbox box = ((LetterboxTarget) targets.get(0)).engine();
    Semaphore window = new Semaphore(256);
    for (long i = 0; i < messages; i++) {
      window.acquire();
      box.messages().send(new SendRequest(ERASED, FIRST_PEER + i % peers, "erasable message " + i, null))
          .whenComplete((r, e) -> window.release());
    }
    window.acquire(256);
    window.release(256);
    // Warm-up, then the sends with no erasure.
    sends(box, () -> false, 3);
    AtomicBoolean never = new AtomicBoolean();
    double[] without = sends(box, never::get, seconds);
    report.add("send 1:1 without erasure", LetterboxTarget.NAME, Map.of("msgs/s", without[0] / without[1]));

    long started = System.nanoTime();
    Erasure erasure = box.erasures().erase(ERASED).join();
    AtomicBoolean done = new AtomicBoolean();
    CompletableFuture<Void> watch = CompletableFuture.runAsync(() -> {
      while (!box.erasures().find(erasure.id()).orElseThrow().done()) {
        java.util.concurrent.locks.LockSupport.parkNanos(10_000_000);
      }
      done.set(true);
    });
    double[] during = sends(box, done::get, 3_600);
    watch.join();
    double toDone = (System.nanoTime() - started) / 1e9;
    double rateDuring = during[0] / during[1];
    // Again without, after it: the machine's own drift shows as the two figures without apart.
    double[] after = sends(box, never::get, seconds);
    double rateWithout = (without[0] / without[1] + after[0] / after[1]) / 2;
    report.add("send 1:1 after erasure", LetterboxTarget.NAME, Map.of("msgs/s", after[0] / after[1]));
    report.add("send 1:1 during erasure", LetterboxTarget.NAME, Map.of("msgs/s", rateDuring,
        "ratio to without (mean of before and after)", rateDuring / rateWithout));
    report.add("erasure to done", LetterboxTarget.NAME, Map.of("seconds", toDone, "messages", (double) messages,
        "removed/s", messages / toDone));
    // The compaction erasure-grace schedules, run now: then no file holds the erased texts.
    long compacting = System.nanoTime();
    box.compaction().start().join();
    double compaction = (System.nanoTime() - compacting) / 1e9;
    report.add("erasure to physically removed", LetterboxTarget.NAME, Map.of("seconds", toDone + compaction,
        "of it the full compaction", compaction));
  }

  /**
   * Sends between other users from {@link #threads} closed-loop threads until {@code stop} or
   * {@code maxSeconds}. @return the sends and the seconds they took
   */
  private double[] sends(Letterbox box, java.util.function.BooleanSupplier stop, double maxSeconds)
      throws InterruptedException {
    AtomicLong count = new AtomicLong();
    long deadline = System.nanoTime() + (long) (maxSeconds * 1e9);
    long started = System.nanoTime();
    Thread[] workers = new Thread[threads];
    for (int t = 0; t < threads; t++) {
      long from = FIRST_SENDER + 2L * t;
      workers[t] = new Thread(() -> {
        long n = 0;
        while (System.nanoTime() < deadline && !stop.getAsBoolean()) {
          box.messages().send(new SendRequest(from, from + 1, "other " + n++, null)).join();
          count.incrementAndGet();
        }
      });
      workers[t].start();
    }
    for (Thread w : workers) {
      w.join();
    }
    return new double[] {count.get(), (System.nanoTime() - started) / 1e9};
  }
}
