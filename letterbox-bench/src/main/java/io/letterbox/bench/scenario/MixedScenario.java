package io.letterbox.bench.scenario;

import io.letterbox.bench.cli.Size;
import io.letterbox.bench.cli.Sizes;
import io.letterbox.bench.cli.StoreOptions;
import io.letterbox.bench.measure.OpenLoop;
import io.letterbox.bench.report.Figures;
import io.letterbox.bench.report.Report;
import io.letterbox.bench.targets.DmTarget;
import io.letterbox.bench.targets.HttpTarget;
import io.letterbox.bench.targets.Unavailable;
import io.letterbox.bench.targets.Unsupported;
import io.letterbox.bench.workload.History;
import io.letterbox.bench.workload.Population;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The seed's traffic shape at a fixed offered rate: newest-page reads about five times as many
 * as sends, and about 1% deletes of recently sent messages, on top of a preloaded history.
 * Latency counts from when each operation was due (open loop), so a target that falls behind
 * shows it in its percentiles and its achieved rate.
 */
@Command(name = "mixed", mixinStandardHelpOptions = true,
    description = "Reads ~5x writes, ~1%% deletes at a target rate: achieved rate and percentiles per kind.")
public final class MixedScenario extends ScenarioCommand {
  static final List<String> KINDS = MixedPlan.KINDS;
  private static final long DAY = Duration.ofDays(1).toMillis();

  @Mixin
  StoreOptions store;

  @Option(names = "--rate", description = "Offered operations per second.")
  Double rate;

  @Option(names = "--seconds", description = "Length of the run.")
  Double seconds;

  @Option(names = "--preload", description = "Messages of history loaded first.")
  Long preload;

  @Option(names = "--users", description = "Users.")
  Integer users;

  @Option(names = "--conversations", description = "Conversations.")
  Integer conversations;

  @Option(names = "--reads-per-write", description = "Reads per send (default ${DEFAULT-VALUE}).", defaultValue = "5")
  double readsPerWrite;

  @Option(names = "--delete-share", description = "Share of deletes among all operations (default ${DEFAULT-VALUE}).",
      defaultValue = "0.01")
  double deleteShare;

  @Option(names = "--http", paramLabel = "URL",
      description = "Also run against a Letterbox server there (e.g. http://127.0.0.1:8080 from ./letterbox serve).")
  URI http;

  @Option(names = "--http-key", description = "API key for --http, if the server needs one.")
  String httpKey;

  @Option(names = "--http-connections", description = "Requests in flight at once over HTTP (default ${DEFAULT-VALUE}).",
      defaultValue = "64")
  int httpConnections;

  @Option(names = "--readers", description = "Threads serving the blocking reads (default ${DEFAULT-VALUE}).",
      defaultValue = "4")
  int readers;

  private double offered;
  private double length;
  private long messages;
  private int people;
  private int pairs;

  @Override
  protected void describe(Report report, Size size) {
    offered = Sizes.MIXED_RATE.or(rate, size);
    length = Sizes.MIXED_SECONDS.or(seconds, size);
    messages = Sizes.MIXED_PRELOAD.or(preload, size);
    people = Sizes.MIXED_USERS.or(users, size);
    pairs = Sizes.MIXED_CONVERSATIONS.or(conversations, size);
    report.parameter("rate", offered);
    report.parameter("seconds", length);
    report.parameter("preload", messages);
    report.parameter("users", people);
    report.parameter("conversations", pairs);
    report.parameter("readsPerWrite", readsPerWrite);
    report.parameter("deleteShare", deleteShare);
    report.parameter("readers", readers);
    if (http != null) {
      report.parameter("http", http.toString());
    }
  }

  @Override
  protected StoreOptions store() {
    return store;
  }

  @Override
  protected List<Targets.Opener> extraTargets() {
    if (http == null) {
      return List.of();
    }
    return List.of(new Targets.Opener() {
      @Override
      public String name() {
        return HttpTarget.NAME;
      }

      @Override
      public DmTarget open(java.nio.file.Path workDir) throws Unavailable {
        return new HttpTarget(http, httpKey, httpConnections);
      }
    });
  }

  @Override
  protected void run(List<DmTarget> targets, Report report) throws Exception {
    long now = System.currentTimeMillis();
    History history = new History(new Population(common.seed, people, 1), common.seed, pairs, messages,
        now - DAY, 30 * DAY);
    for (DmTarget target : targets) {
      try {
        Steps.load(target, history);
      } catch (Unsupported e) {
        report.skip("mixed: all", target.name(), e.getMessage());
        continue;
      }
      target.compact();
      ExecutorService pool = Executors.newFixedThreadPool(readers);
      try {
        // An untimed first stretch at the same rate, for the JIT and the caches.
        OpenLoop.run(target.name() + " warm-up", offered, Math.min(5, length * 0.25), common.seed + 1,
            KINDS, new MixedPlan(target, history, pool, readsPerWrite, deleteShare));
        OpenLoop.Outcome outcome = OpenLoop.run(target.name() + " mixed", offered, length, common.seed, KINDS,
            new MixedPlan(target, history, pool, readsPerWrite, deleteShare));
        outcome.byKind().forEach((kind, m) -> Steps.add(report, kind, target, m, "ops/s"));
        report.add("mixed: all", target.name(),
            Figures.of("offered/s", outcome.offeredPerSecond(), "achieved/s", outcome.achievedPerSecond()));
      } finally {
        pool.shutdown();
      }
    }
  }
}
