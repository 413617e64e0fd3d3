package io.letterbox.bench.scenario;

import io.letterbox.bench.cli.Size;
import io.letterbox.bench.cli.Sizes;
import io.letterbox.bench.report.Figures;
import io.letterbox.bench.report.Report;
import io.letterbox.bench.targets.Broadcaster;
import io.letterbox.bench.targets.DmTarget;
import io.letterbox.bench.targets.Unsupported;
import io.letterbox.bench.workload.Population;
import io.letterbox.bench.workload.Texts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * One broadcast from the most-followed account to all its followers: time from acceptance to
 * durable and readable, time until the background fan-out is done, receipts per second, and
 * bytes per receiver on disk after compaction. Readability is checked on a sample of receivers
 * twice: at once when the broadcast call returns (on another thread, while a background fan-out
 * goes on), and after the fan-out. The follow relations are set up first and not timed (the seed's
 * designs get the receivers as a list from another system). With {@code --existing-receipts N}
 * the store first holds N receipts of earlier broadcasts by other senders to the same receivers
 * (not timed). With {@code --audience uids} or {@code segment}, a second broadcast to the same
 * people follows: what a sender pays once it has reached its receivers.
 */
@Command(name = "broadcast-fanout", mixinStandardHelpOptions = true,
    description = "One broadcast to N followers: time to durable and readable, receipts/s, bytes/receiver.")
public final class BroadcastFanoutScenario extends ScenarioCommand {
  static final String SETUP = "follow relations (setup, not timed)";
  static final String SETUP_SEGMENT = "segment stored (setup, not timed)";
  static final String SEND = "broadcast: accepted -> durable, readable";
  static final String DONE = "broadcast: accepted -> fan-out done";
  static final String AT_RETURN = "broadcast: readable at return (of 200 sampled)";
  static final String AFTER = "broadcast: readable after fan-out (of 200 sampled)";
  /** The figures of {@link #AT_RETURN} and {@link #AFTER}. */
  static final String SHOWN = "history shows it";
  static final String LISTED = "list shows it first";
  static final String DISK = "disk after compaction";
  static final String AGAIN = "second broadcast to the same list: accepted -> fan-out done";
  static final String AGAIN_DISK = "second broadcast: disk after compaction";
  private static final int CHECKED = 200;

  @Option(names = "--receivers", description = "Followers of the broadcasting account.")
  Integer receivers;

  @Option(names = "--audience", description = "followers, uids (an explicit list of unrelated people) or segment (the same people as a stored segment); default ${DEFAULT-VALUE}.",
      defaultValue = "followers", converter = AudienceConverter.class)
  Broadcaster.Audience audience;

  @Option(names = "--fanout-timeout", paramLabel = "DURATION", description = "Longest wait for a broadcast's background"
      + " fan-out, ISO-8601 (default ${DEFAULT-VALUE}); a fan-out still running then, or failed, fails the run.",
      defaultValue = "PT10M")
  Duration fanoutTimeout;

  @Option(names = "--existing-receipts", converter = io.letterbox.bench.cli.CountConverter.class, paramLabel = "N",
      description = "Receipts the store holds before the measured broadcast (default 0, an empty store): earlier"
          + " broadcasts by other senders to uid lists of the same receivers, one receipt each, set up and compacted"
          + " first, not timed (the push designs both store theirs by ingestion).")
  long existingReceipts;

  private int size;

  @Override
  protected void describe(Report report, Size preset) {
    size = Sizes.BROADCAST_FANOUT_RECEIVERS.or(receivers, preset);
    report.parameter("receivers", size);
    report.parameter("audience", audience.name().toLowerCase());
    report.parameter("existingReceipts", existingReceipts);
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
        List<String> ops = new ArrayList<>(List.of(setup(), SEND, DONE, AT_RETURN, AFTER, DISK));
        if (audience != Broadcaster.Audience.FOLLOWERS) {
          ops.addAll(List.of(AGAIN, AGAIN_DISK));
        }
        for (String op : ops) {
          report.skip(op, target.name(), e.getMessage());
        }
        continue;
      }
      boolean filled = fill(target, broadcaster, people, fans, report);
      long setupStart = System.nanoTime();
      boolean prepared = broadcaster.prepare(sender, fans, audience);
      if (prepared) {
        double seconds = (System.nanoTime() - setupStart) / 1e9;
        report.add(setup(), target.name(), Figures.of(audience == Broadcaster.Audience.SEGMENT ? "uids/s" : "follows/s",
            fans.length / seconds));
      }
      if (prepared || filled) {
        long compactStart = System.nanoTime();
        target.compact();
        if (filled) {
          report.note(String.format("%s: compacted after the set-up in %.1f s (not timed)", target.name(),
              (System.nanoTime() - compactStart) / 1e9));
        }
      }
      Steps.DiskUse before = Steps.diskUse(target);
      ExecutorService checker = Executors.newSingleThreadExecutor();
      try {
        long start = System.nanoTime();
        long id = broadcaster.broadcast(sender, text, fans, audience);
        long returned = System.nanoTime();
        // Readers arriving as the call returns, while the fan-out (if any is left) goes on.
        CompletableFuture<Readable> atReturn = CompletableFuture.supplyAsync(() -> readable(target, sender, fans), checker);
        broadcaster.awaitFanOut(id, fanoutTimeout);
        double done = (System.nanoTime() - start) / 1e9;
        double readable = (returned - start) / 1e9;
        report.add(SEND, target.name(), Figures.of("seconds", readable, "receipts/s", fans.length / readable));
        report.add(DONE, target.name(), Figures.of("seconds", done, "receipts/s", fans.length / done));
        Readable then = atReturn.join();
        report.add(AT_RETURN, target.name(), Figures.of(SHOWN, then.shown(), LISTED, then.listed()));
        report.note(String.format("%s: the %d receivers were checked from the broadcast call's return to %.1f ms after it",
            target.name(), CHECKED, (then.finished() - returned) / 1e6));
        Readable after = readable(target, sender, fans);
        report.add(AFTER, target.name(), Figures.of(SHOWN, after.shown(), LISTED, after.listed()));
      } finally {
        checker.shutdownNow();
      }
      Steps.diskPer(report, DISK, target, before, fans.length, "receiver");
      if (audience != Broadcaster.Audience.FOLLOWERS) {
        // The first broadcast paired the sender with every receiver; the next costs only its audience.
        Steps.DiskUse beforeAgain = Steps.diskUse(target);
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

  /**
   * Fills the target with {@link #existingReceipts} receipts: broadcasts to uid lists of the same
   * receivers by the next accounts of the population, one after another, each complete before the
   * next ({@link Broadcaster#preload}). Every receiver then has that many conversations (give or
   * take one) with other broadcasters, and each design holds what it keeps per receiver: Letterbox
   * a first-contact record per (receiver, sender) pair, the push designs their index and list rows
   * (both written by ingestion). Not timed; its time is a note.
   *
   * @return whether anything was filled
   */
  private boolean fill(DmTarget target, Broadcaster broadcaster, Population people, long[] fans, Report report) {
    if (existingReceipts == 0) {
      return false;
    }
    long earlier = (existingReceipts + fans.length - 1) / fans.length;
    if (earlier >= people.size()) {
      throw new IllegalArgumentException("--existing-receipts " + existingReceipts + " needs " + earlier
          + " earlier senders; the population has " + (people.size() - 1) + " besides the broadcaster: at most "
          + (people.size() - 1) + " x --receivers");
    }
    long start = System.nanoTime();
    long left = existingReceipts;
    for (int k = 1; left > 0; k++) {
      int n = (int) Math.min(left, fans.length);
      long[] to = n == fans.length ? fans : Arrays.copyOf(fans, n);
      String words = Texts.pick(new SplittableRandom(common.seed * 31 + k));
      broadcaster.preload(people.uid(k), words, to, fanoutTimeout);
      left -= n;
    }
    // Earlier broadcasts by other senders to uid lists of the same receivers, each complete before the next.
    Map<String, Double> fill = new LinkedHashMap<>();
    fill.put("receipts", (double) existingReceipts);
    fill.put("earlier broadcasts", (double) earlier);
    fill.put("s", (System.nanoTime() - start) / 1e9);
    report.add("set-up, not timed: existing receipts", target.name(), fill);
    return true;
  }

  /** What a sample of receivers saw, and when the last check ended (System.nanoTime). */
  private record Readable(int shown, int listed, long finished) {}

  /**
   * Checks a sample of receivers (the same ones each time): whether the newest page of their
   * conversation with the sender shows a message (the sender wrote to none of them before), and
   * whether their conversation list shows the sender first (the broadcast is their newest).
   */
  private Readable readable(DmTarget target, long sender, long[] fans) {
    SplittableRandom random = new SplittableRandom(common.seed + 7);
    int shown = 0;
    int listed = 0;
    for (int i = 0; i < CHECKED; i++) {
      long receiver = fans[random.nextInt(fans.length)];
      if (target.history(receiver, sender, null, 1).size() > 0) {
        shown++;
      }
      if (target.conversationsPage(receiver, null, 20).first() == sender) {
        listed++;
      }
    }
    return new Readable(shown, listed, System.nanoTime());
  }

  static final class AudienceConverter implements picocli.CommandLine.ITypeConverter<Broadcaster.Audience> {
    @Override
    public Broadcaster.Audience convert(String value) {
      return Broadcaster.Audience.valueOf(value.trim().toUpperCase(java.util.Locale.ROOT));
    }
  }
}
