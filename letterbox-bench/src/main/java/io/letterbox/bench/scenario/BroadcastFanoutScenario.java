package io.letterbox.bench.scenario;

import io.letterbox.bench.cli.Size;
import io.letterbox.bench.report.Figures;
import io.letterbox.bench.report.Report;
import io.letterbox.bench.targets.Broadcaster;
import io.letterbox.bench.targets.DmTarget;
import io.letterbox.bench.targets.Unsupported;
import io.letterbox.bench.workload.Population;
import io.letterbox.bench.workload.Texts;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * One broadcast from the most-followed account to all its followers: time from acceptance to
 * durable and readable, time until the background fan-out is done, receipts per second, and
 * bytes per receiver on disk after compaction. Readability is checked on a sample of receivers.
 * The follow relations are set up first and not timed (the seed's designs get the receivers as a
 * list from another system). With {@code --audience uids} or {@code segment}, a second broadcast to the
 * same people follows: what a sender pays once it has reached its receivers.
 */
@Command(name = "broadcast-fanout", mixinStandardHelpOptions = true,
    description = "One broadcast to N followers: time to durable and readable, receipts/s, bytes/receiver.")
public final class BroadcastFanoutScenario extends ScenarioCommand {
  static final String SETUP = "follow relations (setup, not timed)";
  static final String SETUP_SEGMENT = "segment stored (setup, not timed)";
  static final String SEND = "broadcast: accepted -> durable, readable";
  static final String DONE = "broadcast: accepted -> fan-out done";
  static final String DISK = "disk after compaction";
  static final String AGAIN = "second broadcast to the same list: accepted -> fan-out done";
  static final String AGAIN_DISK = "second broadcast: disk after compaction";
  private static final int CHECKED = 200;

  @Option(names = "--receivers", description = "Followers of the broadcasting account (tiny 10k, quick 1M, full 10M).")
  Integer receivers;

  @Option(names = "--audience", description = "followers, uids (an explicit list of unrelated people) or segment (the same people as a stored segment); default ${DEFAULT-VALUE}.",
      defaultValue = "followers", converter = AudienceConverter.class)
  Broadcaster.Audience audience;

  @Option(names = "--fanout-timeout", paramLabel = "DURATION", description = "Longest wait for a broadcast's background"
      + " fan-out, ISO-8601 (default ${DEFAULT-VALUE}); a fan-out still running then, or failed, fails the run.",
      defaultValue = "PT10M")
  Duration fanoutTimeout;

  private int size;

  @Override
  protected void describe(Report report, Size preset) {
    size = or(receivers, preset, 10_000, 1_000_000, 10_000_000);
    report.parameter("receivers", size);
    report.parameter("audience", audience.name().toLowerCase());
    report.parameter("fanoutTimeout", fanoutTimeout.toString());
  }

  @Override
  protected void run(List<DmTarget> targets, Report report) throws Exception {
    Population people = new Population(common.seed, 1_000, size);
    long sender = people.uid(0);
    long[] fans = Steps.followersOfTheFirst(people, size);
    String text = Texts.pick(new SplittableRandom(common.seed));
    for (DmTarget target : targets) {
      Broadcaster broadcaster;
      try {
        broadcaster = target.broadcaster();
      } catch (Unsupported e) {
        List<String> ops = audience == Broadcaster.Audience.FOLLOWERS
            ? List.of(setup(), SEND, DONE, DISK) : List.of(setup(), SEND, DONE, DISK, AGAIN, AGAIN_DISK);
        for (String op : ops) {
          report.skip(op, target.name(), e.getMessage());
        }
        continue;
      }
      long setupStart = System.nanoTime();
      if (broadcaster.prepare(sender, fans, audience)) {
        double seconds = (System.nanoTime() - setupStart) / 1e9;
        report.add(setup(), target.name(), Figures.of(audience == Broadcaster.Audience.SEGMENT ? "uids/s" : "follows/s",
            fans.length / seconds));
        target.compact();
      }
      long before = target.diskBytes();
      long start = System.nanoTime();
      long id = broadcaster.broadcast(sender, text, fans, audience);
      double readable = (System.nanoTime() - start) / 1e9;
      broadcaster.awaitFanOut(id, fanoutTimeout);
      double done = (System.nanoTime() - start) / 1e9;
      report.add(SEND, target.name(), Figures.of("seconds", readable, "receipts/s", fans.length / readable));
      report.add(DONE, target.name(), Figures.of("seconds", done, "receipts/s", fans.length / done));
      int missing = unreadable(target, sender, fans);
      if (missing > 0) {
        report.note(target.name() + ": " + missing + " of " + CHECKED + " sampled receivers found no message from the sender");
      }
      int unlisted = unlisted(target, fans);
      if (unlisted > 0) {
        report.note(target.name() + ": " + unlisted + " of " + CHECKED + " sampled receivers had no conversation in their list");
      }
      Steps.diskPer(report, DISK, target, before, fans.length, "receiver");
      if (audience != Broadcaster.Audience.FOLLOWERS) {
        // The first broadcast paired the sender with every receiver; the next costs only its audience.
        long beforeAgain = target.diskBytes();
        long againStart = System.nanoTime();
        broadcaster.awaitFanOut(broadcaster.broadcast(sender, text, fans, audience), fanoutTimeout);
        double again = (System.nanoTime() - againStart) / 1e9;
        report.add(AGAIN, target.name(), Figures.of("seconds", again, "receipts/s", fans.length / again));
        Steps.diskPer(report, AGAIN_DISK, target, beforeAgain, fans.length, "receiver");
      }
    }
  }

  private String setup() {
    return audience == Broadcaster.Audience.SEGMENT ? SETUP_SEGMENT : SETUP;
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

  /**
   * How many of a sample of receivers have an empty conversation list after the fan-out. The
   * sender is their only correspondent, so a list of one means they found it.
   */
  private int unlisted(DmTarget target, long[] fans) {
    SplittableRandom random = new SplittableRandom(common.seed + 11);
    int missing = 0;
    for (int i = 0; i < CHECKED; i++) {
      if (target.conversations(fans[random.nextInt(fans.length)], 20) == 0) {
        missing++;
      }
    }
    return missing;
  }

  static final class AudienceConverter implements picocli.CommandLine.ITypeConverter<Broadcaster.Audience> {
    @Override
    public Broadcaster.Audience convert(String value) {
      return Broadcaster.Audience.valueOf(value.trim().toUpperCase(java.util.Locale.ROOT));
    }
  }
}
