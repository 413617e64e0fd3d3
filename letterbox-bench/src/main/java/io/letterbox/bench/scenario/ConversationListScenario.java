package io.letterbox.bench.scenario;

import static io.letterbox.bench.cli.CountConverter.format;

import io.letterbox.bench.cli.CountConverter;
import io.letterbox.bench.cli.Size;
import io.letterbox.bench.cli.Sizes;
import io.letterbox.bench.cli.StoreOptions;
import io.letterbox.bench.measure.ClosedLoop;
import io.letterbox.bench.measure.Measured;
import io.letterbox.bench.measure.Progress;
import io.letterbox.bench.report.Figures;
import io.letterbox.bench.report.Report;
import io.letterbox.bench.targets.Broadcaster;
import io.letterbox.bench.targets.DmTarget;
import io.letterbox.bench.targets.ListPage;
import io.letterbox.bench.targets.Unsupported;
import io.letterbox.bench.workload.History;
import io.letterbox.bench.workload.Population;
import io.letterbox.bench.workload.Texts;
import io.letterbox.bench.workload.WideOwner;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Conversation lists (decision 0008), every target on the same data:
 * <ol>
 *   <li>big owners: an owner with N one-to-one conversations of one message each (seed 003's
 *       largest has 20 million), imported as old history; then the first page right after a
 *       restart (stores closed and reopened, and the OS page cache dropped as root), R times, and
 *       the later pages, following the cursors from the first;</li>
 *   <li>first pages (20, with unread counts) of many users who each have a few conversations of
 *       an ordinary history, on 1 and 2 threads;</li>
 *   <li>an owner following B broadcasters that broadcast once each: its first page after a
 *       restart, then warm;</li>
 *   <li>a chatty owner: M live messages to and from P peers, each moving a conversation to the
 *       top of the list; its first page (warm) right after them, and again after the compaction
 *       (what a list steps over that its messages left, and what is left of it once compacted),
 *       both while other users go on sending, one message at a time, as on a live store;</li>
 *   <li>durable one-to-one sends after all the loads, as the send scenario measures them.</li>
 * </ol>
 * Every page's size and cursor are checked against what the owner has; a wrong page counts as a
 * failure.
 */
@Command(name = "conversation-list", mixinStandardHelpOptions = true,
    description = "Conversation lists: big owners' first page after a restart and later pages, first pages over many"
        + " users, an owner following many broadcasters; sends after the loads.")
public final class ConversationListScenario extends ScenarioCommand {
  static final int PAGE = 20;
  /** Messages per load call for the big owners: large batches. */
  private static final int BIG_LOAD_CHUNK = 100_000;
  private static final long DAY = Duration.ofDays(1).toMillis();
  private static final Duration FANOUT_TIMEOUT = Duration.ofMinutes(10);

  @Mixin
  StoreOptions store;

  @Option(names = "--owner-sizes", split = ",", paramLabel = "N", converter = CountConverter.class,
      description = "Conversations of each big owner.")
  List<Long> ownerSizes;

  @Option(names = "--users", converter = CountConverter.class,
      description = "Users of the ordinary history whose first pages are listed.")
  Long users;

  @Option(names = "--messages", converter = CountConverter.class,
      description = "Messages of that history, among as many conversations as users (default: 3 per user).")
  Long messages;

  @Option(names = "--broadcasters", converter = CountConverter.class,
      description = "Broadcasters one owner follows, each broadcasting once.")
  Long broadcasters;

  @Option(names = "--restarts", description = "Restarts, each followed by one timed first page.")
  Integer restarts;

  @Option(names = "--pages", description = "Pages followed by cursor, the first included (default ${DEFAULT-VALUE}).",
      defaultValue = "200")
  int pages;

  @Option(names = "--sends", converter = CountConverter.class,
      description = "Durable one-to-one sends after the loads.")
  Long sends;

  @Option(names = "--warmup", converter = CountConverter.class,
      description = "Untimed sends before those, as the send scenario's.")
  Long warmup;

  @Option(names = "--seconds", description = "Seconds per timed list measurement.")
  Double seconds;

  @Option(names = "--threads", split = ",", description = "Thread counts of the lists over many users (default ${DEFAULT-VALUE}).",
      defaultValue = "1,2")
  List<Integer> threads;

  @Option(names = "--keep-page-cache", description = "Do not drop the OS page cache at restarts, even as root.")
  boolean keepPageCache;

  @Option(names = "--chatty-messages", converter = CountConverter.class,
      description = "Live messages of the chatty owner with its peers.")
  Long chattyMessages;

  @Option(names = "--chatty-peers", description = "The chatty owner's peers (default ${DEFAULT-VALUE}).",
      defaultValue = "10")
  int chattyPeers;

  @Override
  protected StoreOptions store() {
    return store;
  }

  private List<Long> sizes;
  private int people;
  private long historyMessages;
  private int followed;
  private int samples;
  private long sent;
  private long warm;
  private double perMeasurement;
  private long chatter;
  private PageCache pageCache;

  @Override
  protected void describe(Report report, Size size) {
    sizes = Sizes.CONVERSATION_LIST_OWNER_SIZES.or(ownerSizes, size);
    people = Math.toIntExact(Sizes.CONVERSATION_LIST_USERS.or(users, size));
    historyMessages = messages != null ? messages : 3L * people;
    followed = Math.toIntExact(Sizes.CONVERSATION_LIST_BROADCASTERS.or(broadcasters, size));
    samples = Sizes.CONVERSATION_LIST_RESTARTS.or(restarts, size);
    sent = Sizes.CONVERSATION_LIST_SENDS.or(sends, size);
    warm = Sizes.CONVERSATION_LIST_WARMUP.or(warmup, size);
    perMeasurement = Sizes.CONVERSATION_LIST_SECONDS.or(seconds, size);
    chatter = Sizes.CONVERSATION_LIST_CHATTY_MESSAGES.or(chattyMessages, size);
    pageCache = new PageCache(keepPageCache);
    report.parameter("ownerSizes", sizes);
    report.parameter("users", people);
    report.parameter("messages", historyMessages);
    report.parameter("broadcasters", followed);
    report.parameter("restarts", samples);
    report.parameter("pages", pages);
    report.parameter("sends", sent);
    report.parameter("warmup", warm);
    report.parameter("secondsPerMeasurement", perMeasurement);
    report.parameter("threads", threads);
    report.parameter("chattyMessages", chatter);
    report.parameter("chattyPeers", chattyPeers);
    report.parameter("pageSize", PAGE);
    report.parameter("pageCacheDropped", pageCache.drops());
  }

  @Override
  protected void run(List<DmTarget> targets, Report report) throws Exception {
    if (sizes.isEmpty() || sizes.stream().anyMatch(n -> n < 1 || n > Integer.MAX_VALUE) || pages < 2 || samples < 1
        || chattyPeers < 1 || chattyPeers > PAGE || chatter < chattyPeers) {
      throw new IllegalArgumentException("--owner-sizes need 1 to 2^31-1 conversations each, --pages at least 2,"
          + " --restarts at least 1, --chatty-peers 1 to " + PAGE + " and --chatty-messages at least as many");
    }
    long now = System.currentTimeMillis();
    List<WideOwner> owners = wideOwners(now);
    Population population = new Population(common.seed, people, 1);
    // Over the year before the week before now: after the big owners' history, before the sends.
    History history = new History(population, common.seed, people, historyMessages, now - 8 * DAY, 357 * DAY);
    long follower = WideOwner.owner(owners.size());
    long[] followedUids = new long[followed];
    for (int j = 0; j < followed; j++) {
      followedUids[j] = WideOwner.owner(owners.size() + 1 + j);
    }
    long chatty = WideOwner.owner(owners.size() + 1 + followed);
    long[] chattyWith = new long[chattyPeers];
    for (int j = 0; j < chattyPeers; j++) {
      chattyWith[j] = WideOwner.owner(owners.size() + 2 + followed + j);
    }
    report.note("big owners: one message per conversation, imported with its original time, " + format(BIG_LOAD_CHUNK)
        + " a load call; every target is compacted before the restarts; a restart closes the embedded stores (or"
        + " stops mariadbd) and starts them again with empty caches");
    if (store.store() == StoreOptions.Store.HBASE) {
      report.note("letterbox on HBase: the bench compacts nothing there (a major compaction would run in the"
          + " background into the next measurement), so the chatty owner's page 'after compaction' is the same store"
          + " later; a restart closes Letterbox's engine and its connection, while the region servers keep their"
          + " caches");
    }
    for (DmTarget target : targets) {
      for (WideOwner owner : owners) {
        load(report, target, owner);
      }
      Measured loaded = Steps.load(target, history);
      report.add(historyLoad(), target.name(), Figures.of("msgs/s", loaded.perSecond(), "seconds", loaded.seconds()));
      boolean broadcast = broadcasts(report, target, follower, followedUids);
      Steps.sendPairs(target, population, "send warm-up", -warm, warm, Steps.SEND_WINDOW, common.seed);
      Steps.add(report, send(), target,
          Steps.sendPairs(target, population, "send", 0, sent, Steps.SEND_WINDOW, common.seed), "msgs/s");
      Steps.add(report, chattyOwner() + ": its messages", target, ClosedLoop.run(target.name() + " chatty owner",
          chatter, Steps.SEND_WINDOW, i -> {
            long peer = chattyWith[(int) (i % chattyPeers)];
            String text = Texts.at(i);
            return i % 2 == 0 ? target.send(chatty, peer, text) : target.send(peer, chatty, text);
          }), "msgs/s");
      chattyPages(report, chattyOwner() + ": first page, warm, before compaction", target, chatty, population);
      try (Progress progress = Progress.start(target.name() + " compaction", 1)) {
        target.compact();
        progress.advance(1);
      }
      chattyPages(report, chattyOwner() + ": first page, warm, after compaction", target, chatty, population);
      for (WideOwner owner : owners) {
        firstPages(report, bigOwner(owner.conversations()) + ": first page after restart", target, owner.uid(),
            owner.conversations());
        laterPages(report, target, owner);
      }
      if (broadcast) {
        firstPages(report, following() + ": first page after restart", target, follower, followed);
        Steps.timed(report, following() + ": first page, warm", target, 1, perMeasurement, common.seed, "pages/s",
            (random, timer) -> check(timer.time(() -> target.conversationsPage(follower, null, PAGE)), followed, 1));
      }
      for (int t : threads) {
        Steps.timed(report, usersLists(t), target, t, perMeasurement, common.seed, "lists/s", (random, timer) -> {
          long owner = Steps.side(history, random)[0];
          timer.time(() -> target.conversationsPage(owner, null, PAGE));
        });
      }
    }
    report.note(pageCache.note());
    report.note(PageCache.heapNote());
  }

  /** The big owners, each in its own stretch of the year that ends a year before now, a millisecond or more apart. */
  private List<WideOwner> wideOwners(long now) {
    long total = sizes.stream().mapToLong(Long::longValue).sum();
    long span = 357 * DAY;
    long step = Math.max(1, span / total);
    long start = now - 366 * DAY - span;
    List<WideOwner> owners = new ArrayList<>();
    for (int k = 0; k < sizes.size(); k++) {
      WideOwner owner = new WideOwner(WideOwner.owner(k), common.seed, Math.toIntExact(sizes.get(k)), start, step);
      owners.add(owner);
      start = owner.endMillis();
    }
    return owners;
  }

  /** Imports the owner's conversations and adds the load rate and the bytes per conversation at rest. */
  private void load(Report report, DmTarget target, WideOwner owner) {
    Steps.DiskUse before = Steps.diskUse(target);
    Measured m = Steps.load(target, owner, BIG_LOAD_CHUNK);
    String of = bigOwner(owner.conversations());
    report.add(of + ": load", target.name(), Figures.of("conversations/s", m.perSecond(), "seconds", m.seconds()));
    Steps.diskPer(report, of + ": disk after compaction", target, before, owner.conversations(), "conversation");
  }

  /**
   * Each follower of one broadcaster after the other, then its broadcast to its followers (the
   * owner), waiting for the fan-out: the setup of the third part, its rate for information.
   *
   * @return whether the target broadcasts
   */
  private boolean broadcasts(Report report, DmTarget target, long follower, long[] followedUids) {
    Broadcaster broadcaster;
    try {
      broadcaster = target.broadcaster();
    } catch (Unsupported e) {
      for (String what : List.of("broadcasts (setup)", "first page after restart", "first page, warm")) {
        report.skip(following() + ": " + what, target.name(), e.getMessage());
      }
      return false;
    }
    long start = System.nanoTime();
    long[] followers = {follower};
    try (Progress progress = Progress.start(target.name() + " broadcasts", followedUids.length)) {
      for (int j = 0; j < followedUids.length; j++) {
        broadcaster.prepare(followedUids[j], followers, Broadcaster.Audience.FOLLOWERS);
        long id = broadcaster.broadcast(followedUids[j], Texts.at(j), followers, Broadcaster.Audience.FOLLOWERS);
        broadcaster.awaitFanOut(id, FANOUT_TIMEOUT);
        progress.advance(1);
      }
    }
    double s = (System.nanoTime() - start) / 1e9;
    report.add(following() + ": broadcasts (setup)", target.name(),
        Figures.of("broadcasts/s", followedUids.length / s, "seconds", s));
    return true;
  }

  /**
   * The chatty owner's first page, over and over (every one of its conversations, no cursor),
   * while other users send one message at a time: a live store goes on being written, and a store
   * may act on what a scan met only at its next writes (RocksDB flushes a memtable that scans
   * stepped over then).
   */
  private void chattyPages(Report report, String operation, DmTarget target, long owner, Population population)
      throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong others = new AtomicLong();
    AtomicReference<Throwable> failed = new AtomicReference<>();
    Thread writer = new Thread(() -> {
      SplittableRandom random = new SplittableRandom(common.seed * 31 + owner);
      try {
        while (!stop.get()) {
          long[] pair = population.pair(random);
          target.send(pair[0], pair[1], Texts.pick(random)).join();
          others.incrementAndGet();
        }
      } catch (Throwable e) {
        failed.set(e);
      }
    }, "bench-other-senders");
    long start = System.nanoTime();
    writer.start();
    try {
      Steps.timed(report, operation, target, 1, perMeasurement, common.seed, "pages/s",
          (random, timer) -> check(timer.time(() -> target.conversationsPage(owner, null, PAGE)), chattyPeers, 1));
    } finally {
      stop.set(true);
      writer.join();
    }
    if (failed.get() != null) {
      throw new IllegalStateException("the other users' sends beside " + operation + " failed", failed.get());
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    report.note(target.name() + ", " + operation + ": others sent " + format(others.get()) + " messages meanwhile ("
        + format(Math.round(others.get() / seconds)) + "/s, one at a time)");
  }

  /** The owner's first page right after each of {@link #samples} restarts. */
  private void firstPages(Report report, String operation, DmTarget target, long owner, long conversations) {
    try {
      target.conversationsPage(owner, null, PAGE); // untimed: the code is compiled before the first sample
    } catch (Unsupported e) {
      report.skip(operation, target.name(), e.getMessage());
      return;
    }
    Steps.sequence(report, operation, target, samples, (i, timer) -> {
      target.coldRestart(pageCache::asANewProcess);
      check(timer.time(() -> target.conversationsPage(owner, null, PAGE)), conversations, 1);
      return true;
    });
  }

  /** Pages 2 to {@link #pages} (or the last one) of a big owner, each following the cursor of the one before. */
  private void laterPages(Report report, DmTarget target, WideOwner owner) {
    long n = owner.conversations();
    int last = (int) Math.min(pages, (n + PAGE - 1) / PAGE);
    if (last < 2) {
      return;
    }
    String operation = bigOwner(n) + ": pages 2-" + last;
    Object[] cursor = new Object[1];
    try {
      cursor[0] = target.conversationsPage(owner.uid(), null, PAGE).next();
    } catch (Unsupported e) {
      report.skip(operation, target.name(), e.getMessage());
      return;
    }
    Steps.sequence(report, operation, target, last - 1, (i, timer) -> {
      Object after = cursor[0];
      if (after == null) {
        throw new IllegalStateException("no cursor to page " + (i + 2) + " of " + n + " conversations");
      }
      ListPage page = timer.time(() -> target.conversationsPage(owner.uid(), after, PAGE));
      cursor[0] = page.next();
      check(page, n, i + 2);
      return true;
    });
  }

  /**
   * Checks page {@code number} of a list of {@code conversations}: full but for the last, with a
   * cursor unless it is the last.
   */
  private static void check(ListPage page, long conversations, int number) {
    long expected = Math.max(0, Math.min(PAGE, conversations - (long) PAGE * (number - 1)));
    boolean more = conversations > (long) PAGE * number;
    if (page.count() != expected || (page.next() != null) != more) {
      throw new IllegalStateException("page " + number + " of " + conversations + " conversations showed " + page.count()
          + (page.next() == null ? " and no cursor" : " and a cursor") + "; expected " + expected
          + (more ? " and a cursor" : " and no cursor"));
    }
  }

  private static String bigOwner(long conversations) {
    return "owner of " + format(conversations) + " conversations";
  }

  private String historyLoad() {
    return "history of " + format(people) + " users (" + format(historyMessages) + " msgs): load";
  }

  private String usersLists(int threads) {
    return "first page over " + format(people) + " users, " + threads + (threads == 1 ? " thread" : " threads");
  }

  private String chattyOwner() {
    return "chatty owner (" + format(chatter) + " msgs with " + chattyPeers + " peers)";
  }

  private String following() {
    return "owner following " + format(followed) + " broadcasters";
  }

  private static String send() {
    return SendScenario.SEND + ", after the loads";
  }
}
