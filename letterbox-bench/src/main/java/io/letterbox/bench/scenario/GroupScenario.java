package io.letterbox.bench.scenario;

import static io.letterbox.bench.cli.CountConverter.format;

import io.letterbox.bench.cli.Baseline;
import io.letterbox.bench.cli.Size;
import io.letterbox.bench.cli.Sizes;
import io.letterbox.bench.cli.StoreOptions;
import io.letterbox.bench.measure.ClosedLoop;
import io.letterbox.bench.measure.Measured;
import io.letterbox.bench.measure.Progress;
import io.letterbox.bench.report.Figures;
import io.letterbox.bench.report.Goal;
import io.letterbox.bench.report.Report;
import io.letterbox.bench.report.Row;
import io.letterbox.bench.targets.DmTarget;
import io.letterbox.bench.targets.Groups;
import io.letterbox.bench.targets.LetterboxTarget;
import io.letterbox.bench.targets.Unsupported;
import io.letterbox.bench.workload.Texts;
import io.letterbox.bench.workload.Uids;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Group conversations (decision 0011) against write diffusion in the same run:
 * <ol>
 *   <li>adding the members of a big group (100,000 at full size) with one call: seconds, and bytes
 *       per member on disk after compaction;</li>
 *   <li>posting to that big group and to a 10-member group, the same number of posts with the
 *       same number in flight: posts/s, latencies, bytes per message on disk after compaction, and
 *       the big group's figures divided by the small one's;</li>
 *   <li>durable posts from many posters across many groups (1,000 of 20 members), 512 in flight;</li>
 *   <li>one member of 500 of those groups, half of them marked read: its first conversation page
 *       and its exact unread total, timed on one thread; every answer is checked.</li>
 * </ol>
 * The write-diffusion baseline is the {@code push-rocksdb} target's groups (a copy of each post in
 * every member's timeline and an unread counter per member); it always runs. It posts fewer
 * messages to the big group ({@code --baseline-big-posts}): each costs a write per member.
 */
@Command(name = "group", mixinStandardHelpOptions = true,
    description = "Groups by read diffusion vs write diffusion: a 100k-member vs a 10-member group (time, bytes),"
        + " posts/s across 1,000 groups, a member of 500 groups (list, unread), adding 100k members.")
public final class GroupScenario extends ScenarioCommand {
  static final int PAGE = 20;
  private static final int CHECKED = 100;
  /** Letterbox's goal for a big group: at most this many times a small group's cost per post, in time and bytes. */
  private static final double GROUP_COST_GOAL = 1.5;
  private static final int CREATE_WINDOW = 64;

  @Option(names = "--big-members", converter = io.letterbox.bench.cli.CountConverter.class,
      description = "Members of the big group, its owner included; all but the owner are added with one call"
          + " (at most Letterbox's max-group-members, 100k).")
  Long bigMembers;

  @Option(names = "--small-members", description = "Members of the small group (default ${DEFAULT-VALUE}).",
      defaultValue = "10")
  int smallMembers;

  @Option(names = "--posts", converter = io.letterbox.bench.cli.CountConverter.class,
      description = "Timed posts to the small group and to the big group.")
  Long posts;

  @Option(names = "--baseline-big-posts", converter = io.letterbox.bench.cli.CountConverter.class,
      description = "Timed posts of the baselines to the big group, at most --posts: each copies the post to every"
          + " member.")
  Long baselineBigPosts;

  @Option(names = "--big-posters", converter = io.letterbox.bench.cli.CountConverter.class,
      description = "Posts to the small and the big group come from at most this many of their members (default:"
          + " any member, drawn uniformly; in the big group most posts are then a member's first, which also gives"
          + " its membership row its read positions).")
  Long bigPosters;

  @Option(names = "--warmup", converter = io.letterbox.bench.cli.CountConverter.class,
      description = "Untimed posts to the small group first, for the JIT and the caches.")
  Long warmup;

  @Option(names = "--post-window", description = "Posts in flight to the small and the big group (default ${DEFAULT-VALUE}).",
      defaultValue = "64")
  int postWindow;

  @Option(names = "--groups", description = "Groups the throughput posts go to.")
  Integer groups;

  @Option(names = "--group-size", description = "Members of each of those groups.")
  Integer groupSize;

  @Option(names = "--member-groups", description = "Of those groups, how many the measured member belongs to.")
  Integer memberGroups;

  @Option(names = "--group-posts", converter = io.letterbox.bench.cli.CountConverter.class,
      description = "Timed posts across the groups, each from a random member of a random group;"
          + " a tenth as many go first untimed.")
  Long groupPosts;

  @Option(names = "--users", description = "Users the groups' members are drawn from.")
  Integer users;

  @Option(names = "--window", description = "Posts in flight across the groups (default ${DEFAULT-VALUE}).",
      defaultValue = "512")
  int window;

  @Option(names = "--seconds", description = "Seconds per read measurement.")
  Double seconds;

  @Mixin
  StoreOptions store;

  private int big;
  private long timedPosts;
  private long baselinePosts;
  private long warm;
  private int groupCount;
  private int size;
  private int memberOf;
  private long manyPosts;
  private int pool;
  private double perMeasurement;

  @Override
  protected StoreOptions store() {
    return store;
  }

  /** Write diffusion runs in every run: it is what the figures are compared with. */
  @Override
  protected List<Baseline> baselines() {
    List<Baseline> chosen = new ArrayList<>(common.baselines());
    if (!chosen.contains(Baseline.PUSH_ROCKSDB)) {
      chosen.add(0, Baseline.PUSH_ROCKSDB);
    }
    return chosen;
  }

  @Override
  protected void describe(Report report, Size preset) {
    big = Math.toIntExact(Sizes.GROUP_BIG_MEMBERS.or(bigMembers, preset));
    timedPosts = Sizes.GROUP_POSTS.or(posts, preset);
    baselinePosts = Math.min(timedPosts, Sizes.GROUP_BASELINE_BIG_POSTS.or(baselineBigPosts, preset));
    warm = Sizes.GROUP_WARMUP.or(warmup, preset);
    groupCount = Sizes.GROUP_GROUPS.or(groups, preset);
    size = Sizes.GROUP_GROUP_SIZE.or(groupSize, preset);
    memberOf = Sizes.GROUP_MEMBER_GROUPS.or(memberGroups, preset);
    manyPosts = Sizes.GROUP_GROUP_POSTS.or(groupPosts, preset);
    pool = Sizes.GROUP_USERS.or(users, preset);
    perMeasurement = Sizes.GROUP_SECONDS.or(seconds, preset);
    if (big < 2 || smallMembers < 2 || size < 2 || memberOf > groupCount || size > pool || timedPosts < 1
        || baselinePosts < 1 || manyPosts < 1) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), "sizes out of range: --big-members and"
          + " --small-members and --group-size at least 2, --group-size at most --users, --member-groups at most"
          + " --groups, post counts positive");
    }
    report.parameter("bigMembers", big);
    report.parameter("smallMembers", smallMembers);
    report.parameter("posts", timedPosts);
    report.parameter("baselineBigPosts", baselinePosts);
    report.parameter("bigPosters", bigPosters == null ? "any member" : bigPosters);
    report.parameter("warmup", warm);
    report.parameter("postWindow", postWindow);
    report.parameter("groups", groupCount);
    report.parameter("groupSize", size);
    report.parameter("memberGroups", memberOf);
    report.parameter("groupPosts", manyPosts);
    report.parameter("users", pool);
    report.parameter("window", window);
    report.parameter("secondsPerMeasurement", perMeasurement);
  }

  private String addOp() {
    return "add " + format(big - 1) + " members to a group, one call";
  }

  private String postOp(int members) {
    return "post to a " + format(members) + "-member group (durable, " + postWindow + " in flight)";
  }

  private String diskOp(int members) {
    return format(members) + "-member group: disk after compaction";
  }

  private String ratioOp() {
    return format(big) + "-member / " + format(smallMembers) + "-member group";
  }

  private String manyOp() {
    return "post across " + format(groupCount) + " groups of " + size + " (durable, " + window + " in flight)";
  }

  private String manyDiskOp() {
    return format(groupCount) + " groups: disk after compaction";
  }

  private String pageOp() {
    return "member of " + memberOf + " groups: first page (" + PAGE + ")";
  }

  private String unreadOp() {
    return "member of " + memberOf + " groups: exact unread (" + Groups.DEVICE + ")";
  }

  private List<String> operations() {
    return List.of(addOp(), postOp(smallMembers), diskOp(smallMembers), postOp(big), diskOp(big), ratioOp(),
        manyOp(), manyDiskOp(), pageOp(), unreadOp());
  }

  @Override
  protected void run(List<DmTarget> targets, Report report) throws Exception {
    long[] bigGroup = Uids.distinctSorted(big, common.seed + 13);
    long[] smallGroup = Uids.distinctSorted(smallMembers, common.seed + 17);
    long[] people = Uids.distinctSorted(pool, common.seed + 19);
    long[][] members = members(people);
    // Not one of the people: it belongs to the first memberOf groups and to nothing else, and never posts.
    long reader = Uids.MAX + 1;
    for (DmTarget target : targets) {
      Groups groupsOf;
      try {
        groupsOf = target.groups();
      } catch (Unsupported e) {
        operations().forEach(op -> report.skip(op, target.name(), e.getMessage()));
        continue;
      }
      report.note(target.name() + " groups: " + groupsOf.note());
      boolean letterbox = target instanceof LetterboxTarget;
      long bigPosts = letterbox ? timedPosts : baselinePosts;
      Long bigGid = addMembers(report, target, groupsOf, bigGroup);
      Long smallGid = createSmall(report, target, groupsOf, smallGroup);
      if (bigGid == null) {
        report.fail(postOp(big), target.name(), "the big group could not be set up");
        report.fail(diskOp(big), target.name(), "the big group could not be set up");
      }
      // Untimed posts to both groups first, in two rounds each followed by a compaction: the JIT,
      // the caches, and a store at rest. Measured: after one round, the next compaction still
      // shrank older files by ~1 MB, so whichever group was timed first showed ~45 bytes per post
      // and the second ~100 (the same rows: a log entry and a timeline row); after two rounds
      // both show ~100.
      boolean[] smallPosted = new boolean[smallGroup.length];
      boolean[] bigPosted = new boolean[bigGroup.length];
      long bigWarm = Math.min(warm, Math.max(1, bigPosts / 10));
      long bigDelivered = 0;
      for (int round = 0; round < 2; round++) {
        if (smallGid != null) {
          posts(target.name() + " warm-up", groupsOf, smallGid, smallGroup, -warm * (round + 1), warm, smallPosted);
        }
        if (bigGid != null) {
          bigDelivered += posts(target.name() + " warm-up", groupsOf, bigGid, bigGroup, -bigWarm * (round + 1), bigWarm,
              bigPosted).ops();
        }
        target.compact();
      }
      Map<String, Double> small = smallGid == null ? null
          : sizeRun(report, target, groupsOf, smallGroup, smallGid, timedPosts, smallPosted);
      Map<String, Double> large = null;
      if (bigGid != null) {
        large = sizeRun(report, target, groupsOf, bigGroup, bigGid, bigPosts, bigPosted);
        bigDelivered += large == null ? 0 : large.get("posts").longValue();
        checkUnread(report, target, groupsOf, bigGroup, bigPosted, bigDelivered);
      }
      if (small != null && large != null) {
        ratios(report, target, small, large, letterbox);
      } else {
        report.skip(ratioOp(), target.name(), "a group size was not measured");
      }
      manyGroups(report, target, groupsOf, members, reader);
    }
  }

  /** Group g's members but the reader (the first is its owner), drawn from the people. */
  private long[][] members(long[] people) {
    long[][] out = new long[groupCount][];
    for (int g = 0; g < groupCount; g++) {
      SplittableRandom random = new SplittableRandom(common.seed * 31 + g);
      java.util.LinkedHashSet<Long> picked = new java.util.LinkedHashSet<>();
      while (picked.size() < size) {
        picked.add(people[random.nextInt(people.length)]);
      }
      out[g] = picked.stream().mapToLong(Long::longValue).toArray();
    }
    return out;
  }

  /** Creates the big group with its owner alone, then adds the others with one call, timed. @return its id, or null */
  private Long addMembers(Report report, DmTarget target, Groups groupsOf, long[] bigGroup) {
    long owner = bigGroup[0];
    long[] others = Arrays.copyOfRange(bigGroup, 1, bigGroup.length);
    try {
      long gid = groupsOf.create(owner, new long[0]).get(1, TimeUnit.MINUTES);
      target.compact();
      long diskBefore = Steps.diskBytes(target);
      long start = System.nanoTime();
      try (Progress progress = Progress.start(target.name() + " add members", 1)) {
        groupsOf.addMembers(gid, owner, others).get(10, TimeUnit.MINUTES);
        progress.advance(1);
      }
      double elapsed = (System.nanoTime() - start) / 1e9;
      long counted = groupsOf.members(gid);
      if (counted != bigGroup.length) {
        report.fail(addOp(), target.name(), "the group has " + counted + " members after the call, not " + bigGroup.length);
        return null;
      }
      target.compact();
      Map<String, Double> figures = new LinkedHashMap<>(Figures.of("seconds", elapsed, "members/s", others.length / elapsed));
      long diskAfter = Steps.diskBytes(target);
      if (diskAfter > 0) {
        // What a member costs at rest, whatever it will post: rows written once, when it is added.
        figures.put("bytes/member", (double) (diskAfter - diskBefore) / others.length);
      }
      report.add(addOp(), target.name(), figures);
      return gid;
    } catch (Exception e) {
      report.fail(addOp(), target.name(), rootMessage(e));
      return null;
    }
  }

  /** Creates the small group. @return its id, or null (its rows then fail) */
  private Long createSmall(Report report, DmTarget target, Groups groupsOf, long[] smallGroup) {
    try {
      return groupsOf.create(smallGroup[0], Arrays.copyOfRange(smallGroup, 1, smallGroup.length))
          .get(1, TimeUnit.MINUTES);
    } catch (Exception e) {
      report.fail(postOp(smallGroup.length), target.name(), "creating the group failed: " + rootMessage(e));
      report.fail(diskOp(smallGroup.length), target.name(), "creating the group failed");
      return null;
    }
  }

  /**
   * The timed posts to one group, then bytes per post after compaction (the store was compacted
   * before).
   *
   * @return the figures of the posts and of the bytes (if the target can tell them), and the posts
   *     that succeeded ("posts"), or null if none did
   */
  private Map<String, Double> sizeRun(Report report, DmTarget target, Groups groupsOf, long[] groupMembers, long gid,
      long count, boolean[] posted) throws InterruptedException {
    String postOp = postOp(groupMembers.length);
    String diskOp = diskOp(groupMembers.length);
    Steps.DiskUse before = Steps.diskUse(target);
    Measured m = posts(target.name() + " " + format(groupMembers.length) + "-member posts", groupsOf, gid,
        groupMembers, 0, count, posted);
    Steps.add(report, postOp, target, m, "posts/s");
    Steps.diskPer(report, diskOp, target, before, m.ops(), "msg");
    Row disk = report.find(diskOp, target.name());
    if (m.ops() == 0) {
      return null;
    }
    Map<String, Double> figures = new LinkedHashMap<>(m.figures("posts/s"));
    if (disk != null && disk.figures().containsKey("bytes/msg")) {
      figures.put("bytes/msg", disk.figures().get("bytes/msg"));
    }
    figures.put("posts", (double) m.ops());
    return figures;
  }

  /** Posts number {@code first} to {@code first + n - 1}, each from a member drawn at random (marked in {@code posted}). */
  private Measured posts(String label, Groups groupsOf, long gid, long[] groupMembers, long first, long n, boolean[] posted)
      throws InterruptedException {
    return ClosedLoop.run(label, n, postWindow, i -> {
      SplittableRandom random = new SplittableRandom(common.seed * 1_000_003L + first + i);
      int who = random.nextInt(posters(groupMembers.length));
      if (posted != null) {
        posted[who] = true;
      }
      return groupsOf.post(gid, groupMembers[who], Texts.pick(random));
    });
  }

  /** How many of a group's first members post to it in the small and big group runs. */
  private int posters(int members) {
    return bigPosters == null ? members : (int) Math.max(1, Math.min(members, bigPosters));
  }

  /** A sample of the members who never posted must have every post unread: each post reached them. */
  private void checkUnread(Report report, DmTarget target, Groups groupsOf, long[] groupMembers, boolean[] posted,
      long delivered) {
    SplittableRandom random = new SplittableRandom(common.seed + 23);
    int checked = 0;
    int wrong = 0;
    String first = null;
    for (int tries = 0; checked < CHECKED && tries < CHECKED * 20; tries++) {
      int i = random.nextInt(groupMembers.length);
      if (posted[i]) {
        continue;
      }
      checked++;
      long unread = groupsOf.unread(groupMembers[i]);
      if (unread != delivered) {
        wrong++;
        first = first != null ? first : "member " + groupMembers[i] + " has " + unread + " unread, not " + delivered;
      }
    }
    report.check(format(groupMembers.length) + "-member group: unread of members who did not post", target.name(),
        wrong == 0, checked, wrong == 0 ? "every sampled member had all " + delivered + " posts unread"
            : wrong + " of " + checked + " sampled members had a wrong unread count; first: " + first);
  }

  /** The big group's figures over the small group's. */
  private void ratios(Report report, DmTarget target, Map<String, Double> small, Map<String, Double> large,
      boolean letterbox) {
    double time = small.get("posts/s") / large.get("posts/s");
    double mean = large.get("mean ms") / small.get("mean ms");
    double p99 = large.get("p99 ms") / small.get("p99 ms");
    boolean measured = large.containsKey("bytes/msg") && small.containsKey("bytes/msg");
    double bytes = measured ? large.get("bytes/msg") / small.get("bytes/msg") : Double.NaN;
    Map<String, Double> f = new LinkedHashMap<>();
    f.put("time/post ratio", time);
    f.put("mean ms ratio", mean);
    f.put("p99 ms ratio", p99);
    if (measured) {
      f.put("bytes/msg ratio", bytes);
    }
    report.add(ratioOp(), target.name(), f);
    if (letterbox) {
      String versus = format(big) + "-member group over the " + format(smallMembers) + "-member group, ";
      report.goal(Goal.atMost(versus + "time per post", time, GROUP_COST_GOAL));
      report.goal(Goal.atMost(versus + "mean latency", mean, GROUP_COST_GOAL));
      report.goal(Goal.atMost(versus + "bytes per message", measured ? bytes : null, GROUP_COST_GOAL));
    }
  }

  /**
   * Creates the groups (not timed), posts across them, then measures the reader's first page
   * and unread total with half its groups marked read.
   */
  private void manyGroups(Report report, DmTarget target, Groups groupsOf, long[][] members, long reader)
      throws Exception {
    AtomicLongArray gids = new AtomicLongArray(groupCount);
    Measured created = ClosedLoop.run(target.name() + " create groups", groupCount, CREATE_WINDOW, g -> {
      long[] others = Arrays.copyOfRange(members[(int) g], 1, size + (g < memberOf ? 1 : 0));
      if (g < memberOf) {
        others[size - 1] = reader;
      }
      return groupsOf.create(members[(int) g][0], others).thenAccept(gid -> gids.set((int) g, gid));
    });
    if (created.errors() > 0) {
      for (String op : List.of(manyOp(), manyDiskOp(), pageOp(), unreadOp())) {
        report.fail(op, target.name(), created.errors() + " of " + groupCount + " groups could not be created; first: "
            + created.firstError());
      }
      return;
    }
    AtomicLongArray counts = new AtomicLongArray(groupCount);
    long warmMany = Math.max(1, manyPosts / 10);
    postAcross(target.name() + " warm-up", groupsOf, members, gids, counts, -warmMany, warmMany);
    target.compact();
    Steps.DiskUse before = Steps.diskUse(target);
    Measured m = postAcross(target.name() + " posts across groups", groupsOf, members, gids, counts, 0, manyPosts);
    Steps.add(report, manyOp(), target, m, "msgs/s");
    Steps.diskPer(report, manyDiskOp(), target, before, m.ops(), "msg");

    // Half the reader's groups read on the device; the other half's posts are all unread.
    List<CompletableFuture<Void>> marks = new ArrayList<>();
    for (int g = 0; g < memberOf / 2; g++) {
      marks.add(groupsOf.markRead(reader, gids.get(g)));
    }
    CompletableFuture.allOf(marks.toArray(CompletableFuture[]::new)).get(5, TimeUnit.MINUTES);
    long expectedUnread = 0;
    for (int g = memberOf / 2; g < memberOf; g++) {
      expectedUnread += counts.get(g);
    }
    int expectedPage = Math.min(PAGE, memberOf);
    long unreadWanted = expectedUnread;
    checkedReads(report, pageOp(), target, "pages/s", () -> groupsOf.firstPageGroups(reader, PAGE), expectedPage,
        "group entries");
    checkedReads(report, unreadOp(), target, "summaries/s", () -> groupsOf.unread(reader), unreadWanted, "unread");
  }

  private Measured postAcross(String label, Groups groupsOf, long[][] members, AtomicLongArray gids,
      AtomicLongArray counts, long first, long n) throws InterruptedException {
    return ClosedLoop.run(label, n, window, i -> {
      SplittableRandom random = new SplittableRandom(common.seed * 7_000_003L + first + i);
      int g = random.nextInt(groupCount);
      long from = members[g][random.nextInt(size)];
      return groupsOf.post(gids.get(g), from, Texts.pick(random)).thenRun(() -> counts.incrementAndGet(g));
    });
  }

  /** Times {@code read} on one thread; every answer must be {@code expected}, or the run fails. */
  private void checkedReads(Report report, String op, DmTarget target, String rateName,
      java.util.concurrent.Callable<? extends Number> read, long expected, String what) throws Exception {
    AtomicLong reads = new AtomicLong();
    AtomicLong wrong = new AtomicLong();
    AtomicReference<String> first = new AtomicReference<>();
    Steps.timed(report, op, target, 1, perMeasurement, common.seed, rateName, (random, timer) -> {
      long got = timer.time(read).longValue();
      reads.incrementAndGet();
      if (got != expected) {
        wrong.incrementAndGet();
        first.compareAndSet(null, got + " " + what + ", expected " + expected);
      }
    });
    report.check(op + ": answers", target.name(), wrong.get() == 0, reads.get(), wrong.get() == 0
        ? "every answer was " + expected + " " + what
        : wrong.get() + " of " + reads.get() + " answers were wrong; first: " + first.get());
  }

  private static String rootMessage(Throwable e) {
    while (e.getCause() != null && e.getCause() != e) {
      e = e.getCause();
    }
    return e.getClass().getSimpleName() + ": " + e.getMessage();
  }
}
