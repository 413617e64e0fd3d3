package io.letterbox.bench.scenario;

import io.letterbox.client.Credentials;
import io.letterbox.client.LetterboxClient;
import java.net.URI;
import java.time.Duration;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the {@code http} scenario reads from the server's {@code /metrics} around each wrk run:
 * <ul>
 *   <li>the search index's lag (journal entries it has not indexed yet): read after a run, it
 *       tells whether the run's rate was one the index kept up with; waited for before a run,
 *       each run starts with nothing left over from the one before;
 *   <li>the process's CPU time: its difference over a run, divided by the run's requests, is the
 *       server's CPU per request (its background work, compactions, indexing and the collector,
 *       included), what a request cost whatever else shared the cores.
 * </ul>
 */
final class ServerMetrics {
  private static final Pattern LAG = gauge("letterbox_search_lag_entries");
  private static final Pattern CPU = gauge("process_cpu_time_ns_total");
  private static final Duration POLL = Duration.ofMillis(200);
  private final LetterboxClient client;

  /** One reading of the metrics; a figure the server does not report is empty. */
  record Reading(OptionalLong searchLag, OptionalDouble cpuNanos) {}

  ServerMetrics(URI server, String key) {
    this.client = LetterboxClient.builder().baseUrls(server.toString())
        .credentials(key == null ? Credentials.NONE : Credentials.serviceKey(key))
        .connectTimeout(Duration.ofSeconds(10)).readTimeout(Duration.ofSeconds(30)).build();
  }

  Reading read() {
    return parse(client.operations().metrics().execute());
  }

  static Reading parse(String metrics) {
    OptionalDouble lag = value(LAG, metrics);
    return new Reading(lag.isPresent() ? OptionalLong.of((long) lag.getAsDouble()) : OptionalLong.empty(),
        value(CPU, metrics));
  }

  /**
   * Waits until nothing is left to index (or the server does not index), or {@code most} has passed.
   *
   * @return the reading that found nothing left to index
   * @throws IllegalStateException if the index still lags after {@code most}
   */
  Reading awaitCaughtUp(Duration most) throws InterruptedException {
    long deadline = System.nanoTime() + most.toNanos();
    while (true) {
      Reading r = read();
      OptionalLong lag = r.searchLag();
      if (lag.isEmpty() || lag.getAsLong() == 0) {
        return r;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the search index still lags " + lag.getAsLong() + " entries after " + most);
      }
      Thread.sleep(POLL.toMillis());
    }
  }

  private static Pattern gauge(String name) {
    return Pattern.compile("(?m)^" + name + "(?:\\{[^}]*})? ([0-9.eE+-]+)$");
  }

  private static OptionalDouble value(Pattern p, String metrics) {
    Matcher m = p.matcher(metrics);
    return m.find() ? OptionalDouble.of(Double.parseDouble(m.group(1))) : OptionalDouble.empty();
  }
}
