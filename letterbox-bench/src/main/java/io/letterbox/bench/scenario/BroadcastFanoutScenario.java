package io.letterbox.bench.scenario;

import io.letterbox.bench.cli.Size;
import io.letterbox.bench.measure.Progress;
import io.letterbox.bench.report.Report;
import io.letterbox.bench.target.Broadcaster;
import io.letterbox.bench.target.DmTarget;
import io.letterbox.bench.target.Unsupported;
import io.letterbox.bench.workload.Population;
import io.letterbox.bench.workload.Texts;
import java.util.List;
import io.letterbox.bench.report.Figures;
import java.util.SplittableRandom;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * One broadcast from the most-followed account to all its followers: time from acceptance to
 * durable and readable, receipts per second, and bytes per receiver on disk after compaction.
 * Readability is checked on a sample of receivers.
 */
@Command(name = "broadcast-fanout", mixinStandardHelpOptions = true,
    description = "One broadcast to N followers: time to durable and readable, receipts/s, bytes/receiver.")
public final class BroadcastFanoutScenario extends ScenarioCommand {
  static final String SEND = "broadcast (accepted -> durable, readable)";
  static final String DISK = "disk after compaction";
  private static final int CHECKED = 200;

  @Option(names = "--receivers", description = "Followers of the broadcasting account (tiny 10k, quick 1M, full 10M).")
  Integer receivers;

  private int audience;

  @Override
  protected void describe(Report report, Size size) {
    audience = or(receivers, size, 10_000, 1_000_000, 10_000_000);
    report.parameter("receivers", audience);
  }

  @Override
  protected void run(List<DmTarget> targets, Report report) throws Exception {
    Population people = new Population(common.seed, 1_000, audience);
    long sender = people.uid(0);
    long[] fans;
    try (Progress progress = Progress.start("generating followers", 1)) {
      fans = people.fans(0, audience);
      progress.advance(1);
    }
    String text = Texts.pick(new SplittableRandom(common.seed));
    for (DmTarget target : targets) {
      Broadcaster broadcaster;
      try {
        broadcaster = target.broadcaster();
      } catch (Unsupported e) {
        report.skip(SEND, target.name(), e.getMessage());
        report.skip(DISK, target.name(), e.getMessage());
        continue;
      }
      long before = target.diskBytes();
      long start = System.nanoTime();
      broadcaster.broadcast(sender, text, fans);
      double seconds = (System.nanoTime() - start) / 1e9;
      report.add(SEND, target.name(), Figures.of("seconds", seconds, "receipts/s", fans.length / seconds));
      int unread = unreadable(target, sender, fans);
      if (unread > 0) {
        report.note(target.name() + ": " + unread + " of " + CHECKED + " sampled receivers could not read the broadcast");
      }
      Steps.diskPer(report, DISK, target, before, fans.length, "receiver");
    }
  }

  /** How many of a sample of receivers see no message from the sender. */
  private int unreadable(DmTarget target, long sender, long[] fans) {
    SplittableRandom random = new SplittableRandom(common.seed + 7);
    int missing = 0;
    for (int i = 0; i < CHECKED; i++) {
      if (target.history(fans[random.nextInt(fans.length)], sender, null, 1).size() == 0) {
        missing++;
      }
    }
    return missing;
  }
}
