package io.letterbox.bench.scenario;

import io.letterbox.bench.cli.CommonOptions;
import io.letterbox.bench.cli.Size;
import io.letterbox.bench.cli.Sizes;
import io.letterbox.bench.measure.Latency;
import io.letterbox.bench.report.Machine;
import io.letterbox.bench.report.Report;
import io.letterbox.bench.report.ResultFile;
import io.letterbox.bench.report.Table;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.parsetools.RecordParser;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Live events over HTTP (decision 0010) against a running server ({@code ./letterbox
 * serve}), from this process on loopback: {@code --connections} SSE streams of distinct users stay
 * open while one-to-one messages are sent to them at {@code --rate} a second (each one's delay
 * from the send's start to its event at the receiver's stream), then one broadcast to
 * {@code --followers} followers, of whom the connected users are the first (the delay until each
 * connected one has it). Every event is checked: one lost or repeated is counted and fails the run.
 */
@Command(name = "events", mixinStandardHelpOptions = true,
    description = "Send-to-event delay over SSE with many open streams, and a broadcast reaching its connected receivers.")
public final class EventsScenario implements Callable<Integer> {
  @Mixin
  CommonOptions common;

  @picocli.CommandLine.Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Option(names = "--url", required = true, description = "The server, e.g. http://127.0.0.1:8080")
  URI url;

  @Option(names = "--key", description = "Its API key, if it has keys.")
  String key;

  @Option(names = "--connections", description = "Open SSE streams.")
  Integer connections;

  @Option(names = "--rate", description = "One-to-one sends a second (default ${DEFAULT-VALUE}).", defaultValue = "2000")
  int rate;

  @Option(names = "--seconds", description = "Seconds of sends.")
  Double seconds;

  @Option(names = "--warmup", description = "Seconds of sends before the measured ones, not measured: the JIT of"
      + " both processes settles (on two cores a fresh server's C2 compiler was still busy"
      + " 25 s into the sends).")
  Double warmup;

  @Option(names = "--followers", description = "Followers of the broadcaster.")
  Integer followers;

  @Option(names = "--typing-rate", description = "Typing requests a second to the connected users while the"
      + " sends run, from distinct senders (decision 0051; 0: none, the default).", defaultValue = "0")
  int typingRate;

  /** Typing events the streams got. */
  private final AtomicLong typingEvents = new AtomicLong();

  /** Netty's client: the JDK's spent more of the two cores than the server did at 1,000 sends/s. */
  private final Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(2));
  private HttpClient sends;
  /** Typing requests' own pool: in the sends' they would queue the sends behind them. */
  private HttpClient typing;
  private HttpClient streams;

  /** Per message nonce: when its send started (nanoTime), and how often its event came. */
  private AtomicLongArray started;
  private AtomicLongArray seen;
  private final Latency delays = new Latency();
  private double warm;
  /** Sends before this nonce are the warm-up: checked, not measured. */
  private int measuredFrom;
  private final Latency acks = new Latency();
  private final AtomicLong repeated = new AtomicLong();
  /** Stream opens tried again after a failure, and how many may be. */
  private final AtomicInteger reopened = new AtomicInteger();
  private static final int MAX_REOPENS = 1_000;
  /** The broadcast: when it was sent, its receipts and their delays. */
  private volatile long broadcastStart;
  private volatile String broadcastText = "\u0000";
  private final Latency broadcastDelays = new Latency();
  private final Map<Long, Boolean> broadcastSeen = new ConcurrentHashMap<>();

  @Override
  public Integer call() throws Exception {
    Size size = common.size();
    int streams = Sizes.EVENTS_CONNECTIONS.or(connections, size);
    double secs = Sizes.EVENTS_SECONDS.or(seconds, size);
    warm = Sizes.EVENTS_WARMUP.or(warmup, size);
    int fans = Math.max(streams, Sizes.EVENTS_FOLLOWERS.or(followers, size));
    HttpClientOptions options = new HttpClientOptions().setDefaultHost(url.getHost()).setDefaultPort(url.getPort())
        .setKeepAlive(true);
    this.sends = vertx.createHttpClient(options, new PoolOptions().setHttp1MaxSize(64));
    this.typing = vertx.createHttpClient(options, new PoolOptions().setHttp1MaxSize(64));
    this.streams = vertx.createHttpClient(options, new PoolOptions().setHttp1MaxSize(streams + 16));
    try {
      return run(size, streams, secs, fans);
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
  }

  private int run(Size size, int streams, double secs, int fans) throws Exception {
    Report report = new Report("events");
    report.parameter("size", size.name().toLowerCase());
    report.parameter("seed", common.seed);
    report.parameter("command", "java -jar letterbox-bench.jar "
        + String.join(" ", spec.commandLine().getParseResult().originalArgs()));
    report.parameter("url", url.toString());
    report.parameter("connections", streams);
    report.parameter("sendsPerSecond", rate);
    report.parameter("seconds", secs);
    report.parameter("warmupSeconds", warm);
    report.parameter("followers", fans);
    report.parameter("typingPerSecond", typingRate);
    Path work = Files.createTempDirectory("letterbox-bench-events-");
    Machine machine = Machine.here(work);
    report.target("letterbox-http", "the server at " + url + " (a separate process), SSE streams and sends over "
        + "HTTP/1.1 from the bench process on the same machine");

    // Fresh uids per run (a server may be reused): the broadcaster, its followers (the first
    // `streams` of them connected), then the senders.
    long base = 4_000_000_000L + (System.currentTimeMillis() % 100_000) * 10_000_000L;
    long news = base;
    long senders = base + fans + 1;
    follow(news, base + 1, fans);

    AtomicInteger connected = new AtomicInteger();
    long connectStart = System.nanoTime();
    for (int i = 1; i <= streams; i++) {
      long uid = base + i;
      stream(uid, connected);
    }
    while (connected.get() < streams) {
      if (System.nanoTime() - connectStart > TimeUnit.MINUTES.toNanos(2)) {
        throw new IllegalStateException("only " + connected.get() + " of " + streams + " streams opened in 2 minutes");
      }
      Thread.sleep(10);
    }
    double connectSeconds = (System.nanoTime() - connectStart) / 1e9;
    report.add("open " + streams + " SSE streams", "letterbox-http", Map.of("seconds", connectSeconds,
        "opens tried again", (double) reopened.get()));

    // One-to-one sends at the rate, open loop: each is due at its time whatever the others do.
    measuredFrom = (int) (rate * warm);
    int total = measuredFrom + (int) (rate * secs);
    started = new AtomicLongArray(total);
    seen = new AtomicLongArray(total);
    SplittableRandom random = new SplittableRandom(common.seed);
    Semaphore inFlight = new Semaphore(512);
    AtomicLong failed = new AtomicLong();
    long t0 = System.nanoTime();
    AtomicLong typingFailed = new AtomicLong();
    AtomicLong typingSent = new AtomicLong();
    Thread typing = typingRate == 0 ? null : new Thread(() ->
        typeWhileSending(t0, total / (double) rate, streams, base, senders, typingSent, typingFailed), "bench-typing");
    if (typing != null) {
      typing.setDaemon(true);
      typing.start();
    }
    long measuredStart = 0;
    for (int k = 0; k < total; k++) {
      if (k == measuredFrom) {
        measuredStart = System.nanoTime();
      }
      long due = t0 + (long) (k * 1e9 / rate);
      long wait = due - System.nanoTime();
      if (wait > 0) {
        TimeUnit.NANOSECONDS.sleep(wait);
      }
      long to = base + 1 + random.nextInt(streams);
      long from = senders + random.nextInt(1_000);
      inFlight.acquire();
      int nonce = k;
      started.set(k, System.nanoTime());
      post("v1/messages", "{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"ev" + nonce + "\"}")
          .onComplete(r -> {
            inFlight.release();
            if (r.failed() || r.result().status() != 201) {
              failed.incrementAndGet();
            } else if (nonce >= measuredFrom) {
              acks.recordSince(started.get(nonce));
            }
          });
    }
    double sendSeconds = (System.nanoTime() - measuredStart) / 1e9;
    if (typing != null) {
      typing.join();
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (delays.count() + failed.get() < total - measuredFrom && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    long lost = 0;
    for (int k = 0; k < total; k++) {
      if (seen.get(k) == 0) {
        lost++;
      }
    }
    Map<String, Double> f = new LinkedHashMap<>();
    f.put("sends/s", (total - measuredFrom) / sendSeconds);
    f.put("event p50 ms", delays.millisAt(50));
    f.put("event p99 ms", delays.millisAt(99));
    f.put("event max ms", delays.maxMillis());
    f.put("ack p99 ms", acks.millisAt(99));
    f.put("failed sends", (double) failed.get());
    f.put("events lost", (double) (lost - failed.get()));
    f.put("events repeated", (double) repeated.get());
    if (typingRate > 0) {
      f.put("typing sent/s", typingSent.get() / ((System.nanoTime() - t0) / 1e9));
      f.put("typing failed", (double) typingFailed.get());
      f.put("typing events", (double) typingEvents.get());
    }
    report.add("send → event, " + streams + " streams open", "letterbox-http", f);

    // One broadcast to every follower: how long until each connected one has it.
    broadcastText = "bc" + System.nanoTime();
    broadcastStart = System.nanoTime();
    Answer accepted = join(post("v1/broadcasts", "{\"from\":\"" + news + "\",\"text\":\"" + broadcastText
        + "\",\"audience\":{\"type\":\"followers\"}}"));
    double ackMillis = (System.nanoTime() - broadcastStart) / 1e6;
    if (accepted.status() != 202) {
      report.fail("broadcast → connected receivers", "letterbox-http", "broadcast answered " + accepted.status()
          + ": " + accepted.body());
    } else {
      deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (broadcastSeen.size() < streams && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      Map<String, Double> b = new LinkedHashMap<>();
      b.put("accepted ms", ackMillis);
      b.put("p50 ms", broadcastDelays.millisAt(50));
      b.put("p99 ms", broadcastDelays.millisAt(99));
      b.put("all ms", broadcastDelays.maxMillis());
      b.put("reached", (double) broadcastSeen.size());
      report.add("broadcast to " + fans + " followers → " + streams + " connected", "letterbox-http", b);
    }
    if (lost > failed.get() || repeated.get() > 0 || broadcastSeen.size() < streams) {
      report.fail("every event once", "letterbox-http", (lost - failed.get()) + " lost, " + repeated.get()
          + " repeated, broadcast reached " + broadcastSeen.size() + " of " + streams);
    }

    report.finish(machine);
    Table.print(report, System.out);
    Path file = ResultFile.write(report, common.out);
    System.out.println("result file: " + file);
    Files.deleteIfExists(work);
    return report.failures().isEmpty() ? 0 : 1;
  }

  /**
   * Typing requests at {@code --typing-rate} a second for {@code seconds}, open loop, each from a
   * sender to a connected user, both random: mostly distinct pairs, so nearly each one is told.
   */
  private void typeWhileSending(long t0, double seconds, int streams, long base, long senders, AtomicLong sent,
      AtomicLong failed) {
    SplittableRandom random = new SplittableRandom(common.seed + 1);
    Semaphore inFlight = new Semaphore(512);
    long total = (long) (typingRate * seconds);
    try {
      for (long k = 0; k < total; k++) {
        long wait = t0 + (long) (k * 1e9 / typingRate) - System.nanoTime();
        if (wait > 0) {
          TimeUnit.NANOSECONDS.sleep(wait);
        }
        long to = base + 1 + random.nextInt(streams);
        long from = senders + 1_000 + random.nextInt(100_000);
        inFlight.acquire();
        post(typing, "v1/users/" + from + "/conversations/" + to + "/typing", "").onComplete(r -> {
          inFlight.release();
          if (r.failed() || r.result().status() != 204) {
            failed.incrementAndGet();
          } else {
            sent.incrementAndGet();
          }
        });
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Adds {@code count} followers from {@code first} on to {@code target}, in bodies under 1 MiB. */
  private void follow(long target, long first, int count) throws Exception {
    for (int i = 0; i < count; i += 50_000) {
      StringBuilder body = new StringBuilder("{\"uids\":[");
      for (int j = i; j < Math.min(count, i + 50_000); j++) {
        body.append(j == i ? "" : ",").append('"').append(first + j).append('"');
      }
      Answer r = join(post("v1/users/" + target + "/followers", body.append("]}").toString()));
      if (r.status() != 204) {
        throw new IllegalStateException("adding followers answered " + r.status() + ": " + r.body());
      }
    }
  }

  /** An answer's status and body. */
  private record Answer(int status, String body) {}

  private static Answer join(Future<Answer> f) throws Exception {
    return f.toCompletionStage().toCompletableFuture().get(5, TimeUnit.MINUTES);
  }

  private Future<Answer> post(String path, String json) {
    return post(sends, path, json);
  }

  private Future<Answer> post(HttpClient client, String path, String json) {
    return client.request(HttpMethod.POST, "/" + path).compose(request -> {
      request.putHeader("Content-Type", "application/json");
      if (key != null) {
        request.putHeader("Authorization", "Bearer " + key);
      }
      return request.send(json);
    }).compose(response -> response.body().map(b -> new Answer(response.statusCode(), b.toString())));
  }

  /**
   * Opens {@code uid}'s event stream; its events are checked against what was sent. An open that
   * fails (ten thousand connects at once can overflow the listen backlog) is tried again, as a
   * client would, and counted.
   */
  private void stream(long uid, AtomicInteger connected) {
    open(uid, connected).onFailure(e -> {
      if (reopened.incrementAndGet() > MAX_REOPENS) {
        System.err.println("opening the stream of " + uid + " failed: " + e);
      } else {
        stream(uid, connected);
      }
    });
  }

  private Future<?> open(long uid, AtomicInteger connected) {
    return streams.request(HttpMethod.GET, "/v1/users/" + uid + "/events").compose(request -> {
      request.putHeader("Accept", "text/event-stream");
      if (key != null) {
        request.putHeader("Authorization", "Bearer " + key);
      }
      return request.send();
    }).compose(response -> response.statusCode() == 200 ? Future.succeededFuture(response)
        : Future.failedFuture("answered " + response.statusCode())
    ).onSuccess(response -> response.handler(RecordParser.newDelimited("\n", line -> {
      String text = line.toString();
      if (text.equals(": connected")) {
        connected.incrementAndGet();
      } else if (text.equals("event: typing")) {
        typingEvents.incrementAndGet();
      } else if (text.startsWith("data: ")) {
        event(uid, text);
      }
    })));
  }

  /** A message event's text names its nonce: {@code ev<k>}, or the broadcast's. */
  private void event(long uid, String data) {
    long now = System.nanoTime();
    int at = data.indexOf("\"text\":\"");
    if (at < 0) {
      return;
    }
    int from = at + 8;
    int to = data.indexOf('"', from);
    String text = data.substring(from, to);
    if (text.startsWith("ev")) {
      int k = Integer.parseInt(text.substring(2));
      if (seen.getAndIncrement(k) == 0) {
        if (k >= measuredFrom) {
          delays.record(now - started.get(k));
        }
      } else {
        repeated.incrementAndGet();
      }
    } else if (text.equals(broadcastText)) {
      if (broadcastSeen.putIfAbsent(uid, true) == null) {
        broadcastDelays.record(now - broadcastStart);
      } else {
        repeated.incrementAndGet();
      }
    }
  }
}
