package io.letterbox.bench.scenario;

import io.letterbox.bench.cli.Size;
import io.letterbox.bench.cli.Sizes;
import io.letterbox.bench.cli.StoreOptions;
import io.letterbox.bench.measure.Measured;
import io.letterbox.bench.report.Report;
import io.letterbox.bench.targets.DmTarget;
import io.letterbox.bench.workload.Population;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * One-to-one DMs between random pairs, durable, from many concurrent senders (a window of
 * requests in flight): messages/s and latency percentiles, then bytes per message on disk after
 * compaction. The targets run one after the other on the same messages. With {@code --store hbase}
 * Letterbox writes to an HBase cluster, and the {@code hbase-buffered-mutator} baseline writes the
 * same cells there with HBase's own client: the ceiling Letterbox's sends are measured against.
 */
@Command(name = "send", mixinStandardHelpOptions = true,
    description = "Durable one-to-one sends from many concurrent senders: msgs/s, p50/p99/p999, bytes/msg.")
public final class SendScenario extends ScenarioCommand {
  static final String SEND = "send 1:1 (durable)";
  static final String DISK = "disk after compaction";

  @Option(names = "--messages", description = "Messages per target.")
  Long messages;

  @Option(names = "--users", description = "Active users.")
  Integer users;

  @Option(names = "--warmup", description = "Untimed sends first, for the JIT and the caches.")
  Long warmup;

  @Mixin
  StoreOptions store;

  @Option(names = "--window", description = "Sends in flight at once: concurrent senders (default ${DEFAULT-VALUE}).",
      defaultValue = "512")
  int window;

  @Override
  protected StoreOptions store() {
    return store;
  }

  private long count;
  private long warm;
  private int population;

  @Override
  protected void describe(Report report, Size size) {
    count = Sizes.SEND_MESSAGES.or(messages, size);
    population = Sizes.SEND_USERS.or(users, size);
    warm = Sizes.SEND_WARMUP.or(warmup, size);
    report.parameter("messages", count);
    report.parameter("warmup", warm);
    report.parameter("users", population);
    report.parameter("window", window);
  }

  @Override
  protected void run(List<DmTarget> targets, Report report) throws Exception {
    Population people = new Population(common.seed, population, 1);
    for (DmTarget target : targets) {
      Steps.DiskUse before = Steps.diskUse(target);
      sends(target, people, "warm-up", -warm, warm);
      Measured m = sends(target, people, "send", 0, count);
      Steps.add(report, SEND, target, m, "msgs/s");
      Steps.diskPer(report, DISK, target, before, warm + count, "msg");
    }
  }

  private Measured sends(DmTarget target, Population people, String phase, long first, long n) throws InterruptedException {
    return Steps.sendPairs(target, people, phase, first, n, window, common.seed);
  }
}
