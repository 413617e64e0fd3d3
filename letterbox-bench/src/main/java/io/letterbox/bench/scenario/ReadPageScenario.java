package io.letterbox.bench.scenario;

import io.letterbox.bench.cli.Size;
import io.letterbox.bench.cli.Sizes;
import io.letterbox.bench.measure.TimedLoop;
import io.letterbox.bench.report.Report;
import io.letterbox.bench.targets.DmTarget;
import io.letterbox.bench.targets.HistoryPage;
import io.letterbox.bench.targets.Unsupported;
import io.letterbox.bench.workload.History;
import io.letterbox.bench.workload.Population;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Reads: a year of old history is loaded (imported with its original times, so no cache holds
 * it), then the recent end is sent live; after a compaction and a restart (empty caches),
 * readers on 1 and 2 threads read newest pages of 20, conversation lists with unread counts, the
 * login unread summary, and older pages cold: each cold measurement starts right after a restart
 * with the OS page cache dropped (as root; {@code --keep-page-cache} or not root: kept, and the
 * report says so), without a warm-up, on conversations drawn uniformly (most never read before),
 * not by activity. Last, two sets of fresh conversations of one page each, sent live: plain, and
 * with every message a reply to the one before it and reacted to by both parties: what a page of
 * replies and reactions costs beside a plain one.
 */
@Command(name = "read-page", mixinStandardHelpOptions = true,
    description = "Conversation pages of 20 (newest and older/cold), conversation lists, login unread: pages/s and percentiles.")
public final class ReadPageScenario extends ScenarioCommand {
  static final int PAGE = 20;
  private static final long DAY = Duration.ofDays(1).toMillis();

  @Option(names = "--users", description = "Users.")
  Integer users;

  @Option(names = "--conversations", description = "Conversations.")
  Integer conversations;

  @Option(names = "--messages", description = "Messages in all, old and recent.")
  Long messages;

  @Option(names = "--live-share", description = "Share of the messages sent live at the end (default ${DEFAULT-VALUE}).",
      defaultValue = "0.1")
  double liveShare;

  @Option(names = "--seconds", description = "Seconds per measurement.")
  Double seconds;

  @Option(names = "--threads", split = ",", description = "Reader thread counts (default ${DEFAULT-VALUE}).",
      defaultValue = "1,2")
  List<Integer> threads;

  @Option(names = "--decorated", description = "Conversations of each kind (plain; replies and reactions) for the decorated pages.")
  Integer decorated;

  @Option(names = "--keep-page-cache", description = "Do not drop the OS page cache before cold reads, even as root.")
  boolean keepPageCache;

  private int people;
  private PageCache pageCache;
  private int pairs;
  private long total;
  private double perMeasurement;
  private int decoratedPairs;

  @Override
  protected void describe(Report report, Size size) {
    people = Sizes.READ_PAGE_USERS.or(users, size);
    pairs = Sizes.READ_PAGE_CONVERSATIONS.or(conversations, size);
    total = Sizes.READ_PAGE_MESSAGES.or(messages, size);
    perMeasurement = Sizes.READ_PAGE_SECONDS.or(seconds, size);
    report.parameter("users", people);
    report.parameter("conversations", pairs);
    report.parameter("messages", total);
    report.parameter("liveShare", liveShare);
    report.parameter("secondsPerMeasurement", perMeasurement);
    report.parameter("threads", threads);
    report.parameter("pageSize", PAGE);
    decoratedPairs = Sizes.READ_PAGE_DECORATED.or(decorated, size);
    report.parameter("decoratedConversations", decoratedPairs);
    pageCache = new PageCache(keepPageCache);
    report.parameter("pageCacheDropped", pageCache.drops());
  }

  @Override
  protected void run(List<DmTarget> targets, Report report) throws Exception {
    long live = Math.round(total * liveShare);
    long now = System.currentTimeMillis();
    History history = new History(new Population(common.seed, people, 1), common.seed, pairs, total - live,
        now - 8 * DAY, 357 * DAY);
    report.note("old history: " + (total - live) + " messages over the year before 8 days ago (imported);"
        + " recent: " + live + " sent live; then compaction and a restart of the embedded stores");
    for (DmTarget target : targets) {
      Steps.DiskUse before = Steps.diskUse(target);
      Steps.load(target, history);
      Steps.sendInto(target, history, live, common.seed);
      Steps.diskPer(report, "disk after compaction", target, before, total, "msg");
      target.restart();
      for (int t : threads) {
        String on = t == 1 ? ", 1 thread" : ", " + t + " threads";
        Steps.timed(report, "history newest page" + on, target, t, perMeasurement, common.seed, "pages/s",
            (random, timer) -> newest(target, history, random, timer));
        Steps.timed(report, "conversation list + unread" + on, target, t, perMeasurement, common.seed, "lists/s",
            (random, timer) -> list(target, history, random, timer));
        Steps.timed(report, "login unread summary" + on, target, t, perMeasurement, common.seed, "summaries/s",
            (random, timer) -> unread(target, history, random, timer));
        String cold = "history older page (cold)" + on;
        try {
          target.coldRestart(pageCache::asANewProcess);
        } catch (Unsupported e) {
          report.skip(cold, target.name(), "no cold restart: " + e.getMessage());
          continue;
        }
        Steps.timed(report, cold, target, t, perMeasurement, common.seed, "pages/s", false,
            (random, timer) -> older(target, history, random, timer));
      }
      decoratedPages(target, report);
    }
    report.note(pageCache.note() + "; cold older pages: right after a restart, no warm-up, conversations drawn uniformly");
    report.note(PageCache.heapNote());
  }

  /**
   * Newest pages of fresh conversations of {@link #PAGE} live messages each: plain, and each message
   * a reply to the one before it with two reactions (one per party). Skipped where the target has
   * neither replies nor reactions.
   */
  private void decoratedPages(DmTarget target, Report report) throws Exception {
    String plain = "history newest page, " + PAGE + " live messages";
    String rich = "history newest page, " + PAGE + " live messages, each a reply with 2 reactions";
    long base = 8_000_000_000L;
    long[][] plainPairs = new long[decoratedPairs][];
    long[][] richPairs = new long[decoratedPairs][];
    try {
      for (int i = 0; i < decoratedPairs; i++) {
        plainPairs[i] = new long[] {base + 4L * i, base + 4L * i + 1};
        richPairs[i] = new long[] {base + 4L * i + 2, base + 4L * i + 3};
        long previous = 0;
        for (int m = 0; m < PAGE; m++) {
          long[] p = plainPairs[i];
          long[] r = richPairs[i];
          target.send(p[m % 2], p[1 - m % 2], "plain " + m).join();
          long id = previous == 0 ? target.send(r[m % 2], r[1 - m % 2], "rich " + m).join()
              : target.reply(r[m % 2], r[1 - m % 2], "rich " + m, previous).join();
          target.react(r[1 - m % 2], id, "\uD83D\uDC4D").join();
          target.react(r[m % 2], id, "\u2764\uFE0F").join();
          previous = id;
        }
      }
    } catch (Unsupported e) {
      report.skip(plain, target.name(), e.getMessage());
      report.skip(rich, target.name(), e.getMessage());
      return;
    }
    Steps.timed(report, plain, target, 1, perMeasurement, common.seed, "pages/s",
        (random, timer) -> decoratedPage(target, plainPairs, random, timer));
    Steps.timed(report, rich, target, 1, perMeasurement, common.seed, "pages/s",
        (random, timer) -> decoratedPage(target, richPairs, random, timer));
  }

  private static void decoratedPage(DmTarget target, long[][] pairs, SplittableRandom random, TimedLoop.Timer timer)
      throws Exception {
    long[] pair = pairs[random.nextInt(pairs.length)];
    long owner = pair[random.nextInt(2)];
    timer.time(() -> target.history(owner, owner == pair[0] ? pair[1] : pair[0], null, PAGE));
  }

  private static void newest(DmTarget target, History history, SplittableRandom random, TimedLoop.Timer timer)
      throws Exception {
    long[] s = Steps.side(history, random);
    timer.time(() -> target.history(s[0], s[1], null, PAGE));
  }

  /**
   * Pages 2 to 5 of a conversation drawn uniformly, each timed on its own; page 1, which only
   * gives the cursor of page 2, is not, so the rate is a little below what these reads alone would reach.
   */
  private static void older(DmTarget target, History history, SplittableRandom random, TimedLoop.Timer timer)
      throws Exception {
    long[] pair = history.pair(random.nextInt(history.conversations()));
    long[] s = random.nextBoolean() ? pair : new long[] {pair[1], pair[0]};
    int depth = 2 + random.nextInt(4);
    HistoryPage page = target.history(s[0], s[1], null, PAGE);
    for (int p = 2; p <= depth && page.next() != null; p++) {
      Object cursor = page.next();
      page = timer.time(() -> target.history(s[0], s[1], cursor, PAGE));
    }
  }

  private static void list(DmTarget target, History history, SplittableRandom random, TimedLoop.Timer timer)
      throws Exception {
    long owner = Steps.side(history, random)[0];
    timer.time(() -> target.conversations(owner, PAGE));
  }

  private static void unread(DmTarget target, History history, SplittableRandom random, TimedLoop.Timer timer)
      throws Exception {
    long owner = Steps.side(history, random)[0];
    timer.time(() -> target.unread(owner));
  }
}
