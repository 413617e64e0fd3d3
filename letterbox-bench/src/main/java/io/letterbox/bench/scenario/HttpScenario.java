package io.letterbox.bench.scenario;

import io.letterbox.bench.cli.CommonOptions;
import io.letterbox.bench.cli.Size;
import io.letterbox.bench.cli.Sizes;
import io.letterbox.bench.measure.Progress;
import io.letterbox.bench.process.LocalServer;
import io.letterbox.bench.process.ServerJvm;
import io.letterbox.bench.report.Goal;
import io.letterbox.bench.report.Machine;
import io.letterbox.bench.report.Report;
import io.letterbox.bench.targets.Unavailable;
import io.letterbox.bench.wrk.UserTokenMint;
import io.letterbox.bench.wrk.Wrk;
import io.letterbox.bench.wrk.WrkOperation;
import io.letterbox.bench.wrk.WrkScripts;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The HTTP API under a real load generator in another process: wrk with Lua scripts
 * (send, newest page, conversation list, unread, and GET /health as the ceiling of HTTP alone), at
 * rising connection counts, then paced at 50 % and 80 % of each operation's max. The server is
 * started from its jar in its own process, or given with {@code --url}; its data is seeded over
 * HTTP with the bulk import route first.
 */
@Command(name = "http", mixinStandardHelpOptions = true,
    description = "The HTTP API under wrk: max throughput at rising connections, then p50/p99 at 50%% and 80%% of it.")
public final class HttpScenario implements Callable<Integer> {
  /**
   * Distinct texts the sends draw from at random (2^19, ~12 MB): more than a quick run sends, so
   * that a text seldom repeats, and few enough for wrk to hold in each thread's Lua state.
   */
  static final int SEND_TEXTS = 1 << 19;
  /** The goal for an operation's p99 latency at half its highest throughput. */
  private static final double P99_GOAL_MILLIS = 10;

  @Mixin
  CommonOptions common;

  @Spec
  CommandSpec spec;

  @Option(names = "--url", description = "A running server to drive instead of starting one, e.g. http://127.0.0.1:8080")
  URI url;

  @Option(names = "--key", description = "The server's API key, if it has keys.")
  String key;

  @Option(names = "--user-tokens", description = "Requests act as their users with user tokens (HS256) instead of"
      + " as a service: through token verification, owner isolation and the per-user limits. The server started"
      + " here gets an API key (for seeding) and a token secret; with --url give --key and --token-secret.")
  boolean userTokens;

  @Option(names = "--token-secret", description = "The user-token-secret of the server at --url (with --user-tokens).")
  String tokenSecret;

  @Option(names = "--server-setting", paramLabel = "KEY=VALUE", description = "A setting of the server started here"
      + " (a key of its configuration file, e.g. user-sends-per-second=100000); repeatable.")
  Map<String, String> serverSettings = new LinkedHashMap<>();

  @Option(names = "--allowing-hook", description = "Points the server started here at a before-send hook endpoint"
      + " in this process that allows every message at once (hook-before-send-url, hook-secret).")
  boolean allowingHook;

  @Option(names = "--server-jar", description = "The server jar to start (default: ${DEFAULT-VALUE}, from the"
      + " working directory).", defaultValue = "letterbox-server/target/letterbox-server.jar")
  Path serverJar;

  @Option(names = "--operations", split = ",", description = "Some of send, page, list, unread, health (default: all, in"
      + " that order; the sends run first and leave the unread counts the unread summaries read).")
  List<String> operations;

  @Option(names = "--connections", split = ",", description = "Connection counts in turn.")
  List<Integer> connections;

  @Option(names = "--seconds", description = "Seconds of each wrk run.")
  Integer seconds;

  @Option(names = "--warmup", description = "Seconds of an unmeasured wrk run before each operation's.")
  Integer warmup;

  @Option(names = "--paced-tries", description = "Runs of each paced rate at most, the delay corrected after each"
      + " that missed its rate by over 7%%.")
  Integer pacedTries;

  @Option(names = "--users", description = "Seeded users.")
  Integer users;

  @Option(names = "--peers", description = "Conversations each user started (default ${DEFAULT-VALUE}).",
      defaultValue = "5")
  int peers;

  @Option(names = "--messages-per-conversation", description = "Imported messages per conversation.")
  Integer perPair;

  @Override
  public Integer call() throws Exception {
    Progress.setEnabled(!common.noProgress);
    Size size = common.size();
    List<Integer> levels = Sizes.HTTP_CONNECTIONS.or(connections, size);
    int secs = Sizes.HTTP_SECONDS.or(seconds, size);
    int warm = Sizes.HTTP_WARMUP.or(warmup, size);
    int tries = Sizes.HTTP_PACED_TRIES.or(pacedTries, size);
    List<WrkOperation> ops = operations == null ? List.of(WrkOperation.values())
        : operations.stream().map(this::operation).toList();
    if (levels.isEmpty() || levels.stream().anyMatch(c -> c < 1) || secs < 1 || warm < 0 || tries < 1) {
      throw new ParameterException(spec.commandLine(), "--connections must be >= 1, --seconds >= 1, --warmup >= 0,"
          + " --paced-tries >= 1");
    }
    if (!common.baselines().isEmpty()) {
      throw new ParameterException(spec.commandLine(), "the http scenario has no baselines: it drives one server");
    }
    if (url != null && (!serverSettings.isEmpty() || allowingHook)) {
      throw new ParameterException(spec.commandLine(), "--server-setting and --allowing-hook are for the server started"
          + " here, not one at --url");
    }
    if (userTokens && url != null && (key == null || tokenSecret == null)) {
      throw new ParameterException(spec.commandLine(), "--user-tokens with --url needs the server's --key and --token-secret");
    }
    if (userTokens && url == null) {
      key = "bench-key-" + Long.toString(System.nanoTime(), 36);
      tokenSecret = "bench-token-secret-" + java.util.UUID.randomUUID();
    }
    HttpSeed seed = seed(size);

    Report report = new Report("http");
    report.parameter("size", size.name().toLowerCase(Locale.ROOT));
    report.parameter("seed", common.seed);
    report.parameter("command", "java -jar letterbox-bench.jar " + String.join(" ",
        spec.commandLine().getParseResult().originalArgs()));
    report.parameter("connections", levels);
    report.parameter("seconds", secs);
    report.parameter("warmupSeconds", warm);
    report.parameter("pacedTries", tries);
    report.parameter("users", seed.users());
    report.parameter("conversationsPerUser", seed.peers());
    report.parameter("messagesPerConversation", seed.perPair());
    report.parameter("seededMessages", seed.messages());
    report.parameter("actingAs", userTokens ? "users, with user tokens" : "a service");
    report.parameter("serverSettings", serverSettings);
    report.parameter("allowingHook", allowingHook);
    Path work = common.dir() != null ? Files.createTempDirectory(Files.createDirectories(common.dir()), "http-")
        : Files.createTempDirectory("letterbox-bench-http-");
    Machine machine = Machine.here(work);
    try {
      Optional<Wrk> wrk = Wrk.onPath();
      if (wrk.isEmpty()) {
        report.target(WrkSweep.TARGET, "wrk not found");
        for (WrkOperation op : ops) {
          report.skip(op.label(), WrkSweep.TARGET, "wrk is not installed (apt-get install -y wrk)");
        }
      } else {
        report.parameter("wrk", wrk.get().version());
        report.parameter("wrkCommand", Wrk.template(secs));
        measure(wrk.get(), ops, levels, secs, warm, tries, seed, work, report);
      }
    } finally {
      if (!common.keepData) {
        ScenarioCommand.deleteTree(work);
      }
    }
    return ScenarioCommand.conclude(report, machine, common.out);
  }

  private void measure(Wrk wrk, List<WrkOperation> ops, List<Integer> levels, int secs, int warm, int tries,
      HttpSeed seed, Path work, Report report) throws Exception {
    try (PlatformEndpoint hook = allowingHook ? PlatformEndpoint.start(0) : null;
        LocalServer server = url == null ? startServer(work, report, hook) : null) {
      URI target = url != null ? URI.create(HttpSeed.trimSlash(url.toString()))
          : URI.create("http://127.0.0.1:" + server.port());
      if (url != null) {
        report.target(WrkSweep.TARGET, "the server at " + url + " (started by someone else); wrk on this machine");
      }
      report.parameter("url", target.toString());
      long loadStart = System.nanoTime();
      seed.load(target, key);
      report.parameter("seedSeconds", (System.nanoTime() - loadStart) / 1e9);
      Map<String, String> env = new HashMap<>();
      env.put("LB_BASE", Long.toString(seed.base()));
      env.put("LB_USERS", Integer.toString(seed.users()));
      env.put("LB_PEERS", Integer.toString(seed.peers()));
      env.put("LB_RUN", "wrk" + Long.toString(System.currentTimeMillis(), 36));
      env.put("LB_SEED", Long.toString(common.seed));
      if (key != null) {
        env.put("LB_KEY", key);
      }
      if (userTokens) {
        // Valid for longer than any run, within the server's default user-token-max-ttl (a day).
        UserTokenMint mint = new UserTokenMint(tokenSecret, java.time.Duration.ofHours(12));
        env.put("LB_TOKENS", WrkScripts.writeTokens(work.resolve("wrk"), mint, seed.base(), seed.users()).toString());
      }
      if (ops.contains(WrkOperation.SEND)) {
        env.put("LB_TEXTS", WrkScripts.writeTexts(work.resolve("wrk"), seed.messages(), SEND_TEXTS).toString());
      }
      WrkSweep sweep = new WrkSweep(wrk, target, env, report, tries, !common.noProgress, new ServerMetrics(target, key),
          server == null ? null : server.pid());
      for (WrkOperation op : ops) {
        WrkSweep.Outcome outcome = sweep.run(op, WrkScripts.write(work.resolve("wrk"), op), levels, secs, warm);
        goals(op, outcome, report);
      }
    }
  }

  /** The operation's goals, with the figures measured. */
  private static void goals(WrkOperation op, WrkSweep.Outcome o, Report report) {
    if (op.ceiling()) {
      return;
    }
    if (op.goalPerSecond() > 0) {
      report.goal(Goal.atLeast(op.label() + ": highest throughput, req/s", o.maxPerSecond(), op.goalPerSecond()));
    }
    report.goal(Goal.atMost(op.label() + ": p99 at half the highest throughput, ms", o.p99MillisAtHalf(),
        P99_GOAL_MILLIS));
  }

  private LocalServer startServer(Path work, Report report, PlatformEndpoint hook) throws Exception {
    Path jar = serverJar.toAbsolutePath();
    if (!Files.isRegularFile(jar)) {
      throw new ParameterException(spec.commandLine(), "no server jar at " + jar + ": build it (./mvnw -B -q"
          + " -DskipTests -pl letterbox-bench,letterbox-server -am package) and run from the checkout's root, or"
          + " give --server-jar or --url");
    }
    int port = LocalServer.freePort();
    Map<String, String> settings = new LinkedHashMap<>();
    if (userTokens) {
      settings.put("api-keys", key);
      settings.put("user-token-secret", tokenSecret);
    }
    if (hook != null) {
      settings.put("hook-before-send-url", hook.url("/before-send"));
      settings.put("hook-secret", PlatformEndpoint.SECRET);
    }
    settings.putAll(serverSettings);
    Path config = work.resolve("server.properties");
    Properties properties = new Properties();
    properties.putAll(settings);
    try (var out = Files.newBufferedWriter(config)) {
      properties.store(out, "the http scenario's server");
    }
    List<String> command = ServerJvm.command(jar, List.of("serve", "--port", Integer.toString(port), "--data-dir",
        work.resolve("server-data").toString(), "--config", config.toString()));
    report.parameter("serverCommand", String.join(" ", command));
    report.target(WrkSweep.TARGET, "the server jar in its own process on loopback, with ./letterbox's JVM flags,"
        + " RocksDB in a new directory; wrk (another process) on the same two cores");
    try {
      return LocalServer.start("letterbox-server", command, port, work.resolve("server.log"), 120);
    } catch (Unavailable e) {
      throw new IllegalStateException("the server did not start: " + e.getMessage(), e);
    }
  }

  private HttpSeed seed(Size size) {
    // Fresh uids per run, as the events scenario does: a server given by --url may be reused.
    long base = 5_000_000_000L + (System.currentTimeMillis() % 100_000) * 1_000_000L;
    try {
      return new HttpSeed(base, Sizes.HTTP_USERS.or(users, size), peers,
          Sizes.HTTP_MESSAGES_PER_CONVERSATION.or(perPair, size));
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  private WrkOperation operation(String name) {
    try {
      return WrkOperation.named(name);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }
}
