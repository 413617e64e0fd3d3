package io.letterbox.bench.scenario;

import static io.letterbox.bench.cli.CountConverter.format;

import io.letterbox.bench.cli.Baseline;
import io.letterbox.bench.cli.Size;
import io.letterbox.bench.cli.Sizes;
import io.letterbox.bench.measure.ClosedLoop;
import io.letterbox.bench.measure.Measured;
import io.letterbox.bench.measure.Progress;
import io.letterbox.bench.measure.Sequence;
import io.letterbox.bench.report.Figures;
import io.letterbox.bench.report.Report;
import io.letterbox.bench.targets.CacheBudget;
import io.letterbox.bench.targets.DmTarget;
import io.letterbox.bench.targets.LetterboxTarget;
import io.letterbox.bench.targets.RocksStorage;
import io.letterbox.bench.targets.SearchIndex;
import io.letterbox.bench.targets.Unavailable;
import io.letterbox.bench.workload.Population;
import io.letterbox.bench.workload.Texts;
import io.letterbox.engine.Letterbox;
import io.letterbox.engine.search.SearchQuery;
import io.letterbox.engine.search.Words;
import io.letterbox.keys.PostingKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Audience;
import io.letterbox.model.Broadcast;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.ImportedMessage;
import io.letterbox.model.Message;
import io.letterbox.model.SendRequest;
import io.letterbox.store.KeyRange;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Keyword search (decision 0012), with its costs beside what it is compared with:
 * <ol>
 *   <li>durable sends of realistic texts ({@link Texts}: smartcn's dictionary words by their corpus
 *       frequency), on Letterbox and on Letterbox with
 *       search turned off, the same messages, both warmed up before either is timed: msgs/s
 *       (and for Letterbox also the rate until the index caught up with them), and the index's
 *       bytes per message (the difference on disk after compaction);</li>
 *   <li>owners with 100,000 and 1,000,000 messages (imported), indexed by Letterbox and by an
 *       in-process Lucene index of the same messages ({@code lucene}): first pages of 20 for
 *       queries of one or two words drawn by frequency and for the most common word, timed one
 *       after another; every answer of the two is compared (the same ids, or the run fails);
 *       Lucene's bytes per message;</li>
 *   <li>a broadcast to 10 followers and one to millions: the postings each wrote and how long
 *       until its sender finds it.</li>
 * </ol>
 * RocksDB only.
 */
@Command(name = "search", mixinStandardHelpOptions = true,
    description = "Search: sends with and without indexing, query latency over 100k and 1M messages against an"
        + " in-process Lucene index (same results), index bytes, a big broadcast's indexing.")
public final class SearchScenario extends ScenarioCommand {
  static final String WITHOUT = "letterbox-without-search";
  private static final int PAGE = 20;
  private static final long OWNER_BASE = 8_000_000_000L;
  private static final long SENDER_BASE = 7_000_000_000L;

  @Option(names = "--messages", converter = io.letterbox.bench.cli.CountConverter.class,
      description = "Timed sends per target.")
  Long messages;

  @Option(names = "--users", description = "Users the sends are between.")
  Integer users;

  @Option(names = "--warmup", converter = io.letterbox.bench.cli.CountConverter.class,
      description = "Untimed sends first.")
  Long warmup;

  @Option(names = "--window", description = "Sends in flight (default ${DEFAULT-VALUE}).", defaultValue = "512")
  int window;

  @Option(names = "--owner-messages", split = ",", converter = io.letterbox.bench.cli.CountConverter.class,
      description = "Messages of each searched owner.")
  List<Long> ownerMessages;

  @Option(names = "--queries", description = "Timed queries of each kind per owner and target.")
  Integer queries;

  @Option(names = "--broadcast-followers", converter = io.letterbox.bench.cli.CountConverter.class,
      description = "Followers of the big broadcast.")
  Long broadcastFollowers;

  private long count;
  private int population;
  private long warm;
  private List<Long> owners;
  private int queryCount;
  private long followers;

  @Override
  protected void describe(Report report, Size size) {
    count = Sizes.SEARCH_MESSAGES.or(messages, size);
    population = Sizes.SEARCH_USERS.or(users, size);
    warm = Sizes.SEARCH_WARMUP.or(warmup, size);
    owners = Sizes.SEARCH_OWNER_MESSAGES.or(ownerMessages, size);
    queryCount = Sizes.SEARCH_QUERIES.or(queries, size);
    followers = Sizes.SEARCH_BROADCAST_FOLLOWERS.or(broadcastFollowers, size);
    report.parameter("messages", count);
    report.parameter("users", population);
    report.parameter("warmup", warm);
    report.parameter("window", window);
    report.parameter("ownerMessages", owners);
    report.parameter("queries", queryCount);
    report.parameter("broadcastFollowers", followers);
    report.parameter("page", PAGE);
  }

  /** Its comparisons are its own (Letterbox without search, Lucene): no DM baseline takes part. */
  @Override
  protected List<io.letterbox.bench.cli.Baseline> baselines() {
    return List.of();
  }

  /** Letterbox with search turned off, on its own store: what indexing costs is the difference. */
  @Override
  protected List<Targets.Opener> extraTargets() {
    return List.of(new Targets.Opener() {
      @Override
      public String name() {
        return WITHOUT;
      }

      @Override
      public DmTarget open(java.nio.file.Path workDir) throws Unavailable {
        long budget = CacheBudget.of(common.cacheBytes());
        return new LetterboxTarget(WITHOUT, new RocksStorage(workDir.resolve(WITHOUT), CacheBudget.blockCache(budget)),
            1, 0, null, b -> CacheBudget.engineCaches(budget).apply(b).search(false));
      }
    });
  }

  @Override
  protected void run(List<DmTarget> targets, Report report) throws Exception {
    LetterboxTarget with = (LetterboxTarget) targets.stream().filter(t -> t.name().equals(LetterboxTarget.NAME))
        .findFirst().orElseThrow();
    LetterboxTarget without = (LetterboxTarget) targets.stream().filter(t -> t.name().equals(WITHOUT))
        .findFirst().orElseThrow();
    Population people = new Population(common.seed, population, 1);

    // 1. Sends, with and without the index, the same messages; both warmed up before either is
    // timed, so that the first timed does not pay alone for compiling the code they share.
    List<LetterboxTarget> both = List.of(with, without);
    long[] before = new long[2];
    for (int i = 0; i < 2; i++) {
      LetterboxTarget t = both.get(i);
      before[i] = Steps.diskBytes(t);
      sends(t, people, "warm-up", -warm, warm);
      caughtUp(t.engine());
    }
    long[] bytes = new long[2];
    for (int i = 0; i < 2; i++) {
      LetterboxTarget t = both.get(i);
      long start = System.nanoTime();
      Measured m = sends(t, people, "send", 0, count);
      Steps.add(report, "send 1:1 (durable), words by frequency", t, m, "msgs/s");
      if (t == with) {
        caughtUp(t.engine());
        double seconds = (System.nanoTime() - start) / 1e9;
        report.add("send 1:1, until the index caught up", t.name(), Figures.of("msgs/s", count / seconds));
      }
      t.compact();
      bytes[i] = t.diskBytes() - before[i];
    }
    long messagesSent = warm + count;
    report.add("search index: disk per message (with search minus without, after compaction)", with.name(),
        Figures.of("bytes/msg", (bytes[0] - bytes[1]) / (double) messagesSent));
    report.add("disk after compaction", with.name(), Figures.of("bytes/msg", bytes[0] / (double) messagesSent));
    report.add("disk after compaction", without.name(), Figures.of("bytes/msg", bytes[1] / (double) messagesSent));

    // 2. Owners with many messages, in Letterbox and in Lucene; the same queries on both.
    try (SearchIndex lucene = Baseline.searchIndex(workDir())) {
      report.target(lucene.name(), lucene.note());
      long postingsBefore = with.diskBytesBySpace().getOrDefault(Spaces.POSTINGS.name(), 0L);
      long indexed = 0;
      for (int o = 0; o < owners.size(); o++) {
        long owner = OWNER_BASE + o;
        long n = owners.get(o);
        load(with.engine(), lucene, owner, n, people, report);
        indexed += n;
        lucene.commit();
        queries(report, with.engine(), lucene, owner, n);
      }
      report.add("search index: disk per message (after merging)", lucene.name(),
          Figures.of("bytes/msg", lucene.diskBytes() / (double) indexed));
      with.compact();
      report.add("search index: the owners' postings on disk per message (after compaction)", with.name(),
          Figures.of("bytes/msg", (with.diskBytesBySpace().getOrDefault(Spaces.POSTINGS.name(), 0L) - postingsBefore)
              / (double) indexed));
    }

    // 3. A broadcast indexed once, whatever its audience.
    broadcast(report, with.engine(), with, SENDER_BASE, 10);
    broadcast(report, with.engine(), with, SENDER_BASE + 1, followers);
  }

  private Measured sends(LetterboxTarget target, Population people, String phase, long first, long n)
      throws InterruptedException {
    Letterbox box = target.engine();
    return ClosedLoop.run(target.name() + " " + phase, n, window, i -> {
      SplittableRandom random = new SplittableRandom(common.seed * 1_000_003L + first + i);
      long[] pair = people.pair(random);
      return box.messages().send(new SendRequest(pair[0], pair[1], Texts.pick(random), null));
    });
  }

  /** Waits until the index covers everything durable (at once when search is off). */
  private static void caughtUp(Letterbox box) throws InterruptedException {
    while (box.search().lag() > 0) {
      TimeUnit.MILLISECONDS.sleep(1);
    }
  }

  /** Imports {@code n} messages of {@code owner} with random peers, newest last, into both. */
  private void load(Letterbox box, SearchIndex lucene, long owner, long n, Population people,
      Report report) throws Exception {
    SplittableRandom random = new SplittableRandom(common.seed + owner);
    long now = System.currentTimeMillis();
    long span = 365L * 24 * 3600 * 1000;
    int chunk = box.config().maxImportBatch();
    long start = System.nanoTime();
    try (Progress progress = Progress.start("owner of " + format(n) + ": import into letterbox and lucene", n)) {
      for (long i = 0; i < n; i += chunk) {
        int size = (int) Math.min(chunk, n - i);
        List<ImportedMessage> batch = new ArrayList<>(size);
        for (int j = 0; j < size; j++) {
          long peer = people.uid(random.nextInt(population));
          boolean outgoing = random.nextBoolean();
          long at = now - span + span * (i + j) / n;
          batch.add(new ImportedMessage(outgoing ? owner : peer, outgoing ? peer : owner, Texts.pick(random),
              Instant.ofEpochMilli(at)));
        }
        List<Long> ids = box.messages().importHistory(batch).join();
        for (int j = 0; j < size; j++) {
          ImportedMessage m = batch.get(j);
          lucene.add(ids.get(j), m.from(), m.to(), m.text());
        }
        progress.advance(size);
      }
    }
    caughtUp(box);
    double seconds = (System.nanoTime() - start) / 1e9;
    report.note("owner of " + format(n) + " messages: imported and indexed by both in " + String.format("%.1f", seconds)
        + " s");
  }

  private void queries(Report report, Letterbox box, SearchIndex lucene, long owner, long n) {
    SplittableRandom random = new SplittableRandom(common.seed ^ owner);
    List<String> random12 = new ArrayList<>();
    for (int i = 0; i < queryCount; i++) {
      random12.add(random.nextBoolean() ? searchable(random) : searchable(random) + " " + searchable(random));
    }
    // The most frequent word that is a word after analysis (not a mark, not dropped, not split).
    String commonest = Texts.mostFrequent(1_000).stream().filter(w -> Words.of(w).equals(List.of(w))).findFirst()
        .orElseThrow();
    List<String> common12 = java.util.Collections.nCopies(queryCount, commonest);
    for (var kind : List.of(java.util.Map.entry("1 or 2 words by frequency", random12),
        java.util.Map.entry("the most common word", common12))) {
      String op = "search, owner of " + format(n) + " msgs: " + kind.getKey() + " (page of " + PAGE + ")";
      List<String> qs = kind.getValue();
      List<List<Long>> ours = new ArrayList<>();
      List<List<Long>> theirs = new ArrayList<>();
      // Untimed first: the JIT and the caches, for both.
      for (int i = 0; i < Math.min(50, qs.size()); i++) {
        SearchQuery q = SearchQuery.of(qs.get(i), 0, 0, null, null);
        box.search().find(owner, q, null, PAGE).join();
        lucene.search(owner, q.words(), PAGE);
      }
      Measured m = Sequence.run("letterbox " + op, qs.size(), (i, timer) -> {
        SearchQuery q = SearchQuery.of(qs.get(i), 0, 0, null, null);
        List<Message> page = timer.time(() -> box.search().find(owner, q, null, PAGE).join().items());
        ours.add(page.stream().map(Message::id).toList());
        return true;
      });
      report.add(op, LetterboxTarget.NAME, m.sampleFigures());
      Measured l = Sequence.run("lucene " + op, qs.size(), (i, timer) -> {
        List<String> words = Words.of(qs.get(i));
        theirs.add(timer.time(() -> lucene.search(owner, words, PAGE)));
        return true;
      });
      report.add(op, lucene.name(), l.sampleFigures());
      long differ = 0;
      long found = 0;
      for (int i = 0; i < Math.min(ours.size(), theirs.size()); i++) {
        found += ours.get(i).size();
        if (!ours.get(i).equals(theirs.get(i))) {
          differ++;
        }
      }
      boolean same = differ == 0 && ours.size() == theirs.size();
      report.check(op + ": the same answers", LetterboxTarget.NAME, same, qs.size(), same
          ? "the same ids as Lucene's (" + found + " messages in all)"
          : differ + " of " + qs.size() + " answers differ from Lucene's");
    }
  }

  /** A word drawn by frequency that analysis keeps as a word (marks and stop words are drawn again). */
  private static String searchable(SplittableRandom random) {
    String w;
    do {
      w = Texts.word(random);
    } while (Words.of(w).isEmpty());
    return w;
  }

  private void broadcast(Report report, Letterbox box, LetterboxTarget target, long sender, long audience)
      throws Exception {
    long[] uids = new long[(int) audience];
    for (int i = 0; i < uids.length; i++) {
      uids[i] = i + 1;
    }
    try (Progress progress = Progress.start("add " + format(audience) + " followers", 1)) {
      box.relations().addFollowers(sender, uids).join();
      progress.advance(1);
    }
    // The same text for both broadcasts: what differs is only the audience.
    String text = Texts.pick(new SplittableRandom(common.seed));
    long start = System.nanoTime();
    Broadcast b = box.broadcasts().send(new BroadcastRequest(sender, text, new Audience.Followers(),
        BroadcastRequest.Priority.NORMAL, null)).join();
    SearchQuery q = SearchQuery.of(Words.of(text).get(0), 0, 0, null, null);
    while (box.search().find(sender, q, null, 1).join().items().isEmpty()) {
      TimeUnit.MILLISECONDS.sleep(1);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    while (box.broadcasts().find(b.id()).orElseThrow().status() != Broadcast.Status.DONE) {
      TimeUnit.MILLISECONDS.sleep(10);
    }
    long[] postings = {0};
    int words = Words.of(text).size();
    for (String w : Words.of(text)) {
      target.store().scan(Spaces.POSTINGS, PostingKey.range(sender, PostingKey.BROADCASTS, Words.hash(w), 0,
          Long.MAX_VALUE), false, (key, v) -> {
            postings[0]++;
            return true;
          });
    }
    report.add("broadcast to " + format(audience) + " followers: indexed", LetterboxTarget.NAME,
        Figures.of("postings", (double) postings[0], "words", (double) words));
    report.add("broadcast to " + format(audience) + " followers: found by its sender after", LetterboxTarget.NAME,
        Figures.of("ms", seconds * 1000));
  }
}
