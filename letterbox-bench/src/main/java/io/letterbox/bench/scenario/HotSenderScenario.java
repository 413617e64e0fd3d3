package io.letterbox.bench.scenario;

import io.letterbox.bench.cli.Size;
import io.letterbox.bench.cli.Sizes;
import io.letterbox.bench.measure.Seeds;
import io.letterbox.bench.report.Report;
import io.letterbox.bench.targets.Broadcaster;
import io.letterbox.bench.targets.DmTarget;
import io.letterbox.bench.targets.Unsupported;
import io.letterbox.bench.workload.Population;
import io.letterbox.bench.workload.Texts;
import io.letterbox.bench.workload.Uids;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The seed's news-account case (新浪新闻: ~3,000 conversation reads/s in the hour after a
 * broadcast): a big account broadcasts, then many distinct receivers open their conversation
 * with it, newest page of 20, on 1 and 2 threads, while the broadcast's background fan-out may
 * still run. Receivers are taken in a shuffled order without replacement, shared by the warm-ups
 * and measurements of a target, so each read is a receiver not read before until all have been
 * (then the order starts again and the report says how many reads were repeats). A read that
 * finds nothing counts as empty:
 * for a complete store that is a bug, for the seed's cache a miss that goes to the database.
 */
@Command(name = "hot-sender", mixinStandardHelpOptions = true,
    description = "Many distinct receivers reading one big sender's conversation right after its broadcast.")
public final class HotSenderScenario extends ScenarioCommand {
  static final int PAGE = 20;

  @Option(names = "--receivers", description = "Receivers of the broadcast.")
  Integer receivers;

  @Option(names = "--audience", description = "uids (people with no relation, the news account's case) or followers;"
      + " default ${DEFAULT-VALUE}.", defaultValue = "uids", converter = BroadcastFanoutScenario.AudienceConverter.class)
  Broadcaster.Audience audience;

  @Option(names = "--seconds", description = "Seconds per measurement.")
  Double seconds;

  @Option(names = "--threads", split = ",", description = "Reader thread counts (default ${DEFAULT-VALUE}).",
      defaultValue = "1,2")
  List<Integer> threads;

  private int size;
  private double perMeasurement;

  @Override
  protected void describe(Report report, Size size) {
    this.size = Sizes.HOT_SENDER_RECEIVERS.or(receivers, size);
    perMeasurement = Sizes.HOT_SENDER_SECONDS.or(seconds, size);
    report.parameter("receivers", size);
    report.parameter("audience", audience.name().toLowerCase());
    report.parameter("secondsPerMeasurement", perMeasurement);
    report.parameter("threads", threads);
  }

  @Override
  protected void run(List<DmTarget> targets, Report report) throws Exception {
    Population people = new Population(common.seed, 1_000, size);
    long sender = people.uid(0);
    long[] fans = Steps.followersOfTheFirst(people, size);
    String text = Texts.pick(new SplittableRandom(common.seed));
    long[] order = fans.clone();
    Uids.shuffle(order, new SplittableRandom(Seeds.of(common.seed, "receivers' order")));
    for (DmTarget target : targets) {
      Broadcaster broadcaster;
      try {
        broadcaster = target.broadcaster();
      } catch (Unsupported e) {
        threads.forEach(t -> report.skip(operation(t), target.name(), e.getMessage()));
        continue;
      }
      broadcaster.prepare(sender, fans, audience);
      broadcaster.broadcast(sender, text, fans, audience);
      AtomicLong taken = new AtomicLong();
      for (int t : threads) {
        AtomicLong empty = new AtomicLong();
        AtomicLong reads = new AtomicLong();
        long takenBefore = taken.get();
        Steps.timed(report, operation(t), target, t, perMeasurement, common.seed, "pages/s", (random, timer) -> {
          long receiver = order[(int) (taken.getAndIncrement() % order.length)];
          if (timer.time(() -> target.history(receiver, sender, null, PAGE)).size() == 0) {
            empty.incrementAndGet();
          }
          reads.incrementAndGet();
        });
        if (empty.get() > 0) {
          report.note(String.format("%s %s: %.1f%% of reads found nothing", target.name(), operation(t),
              100.0 * empty.get() / reads.get()));
        }
        long repeats = Math.max(0, taken.get() - Math.max(takenBefore, order.length));
        if (repeats > 0) {
          report.note(String.format("%s %s: every receiver had been read once; %,d reads (warm-up included) were"
              + " repeats", target.name(), operation(t), repeats));
        }
      }
    }
  }

  private static String operation(int threads) {
    return "receiver reads sender's page" + (threads == 1 ? ", 1 thread" : ", " + threads + " threads");
  }
}
