package io.letterbox.bench.scenario;

import io.letterbox.client.Credentials;
import io.letterbox.client.LetterboxClient;
import java.net.URI;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server's search index lag (journal entries it has not indexed yet), as its {@code /metrics}
 * say: read after a run, it tells whether the run's rate was one the index kept up with; waited
 * for before a run, each run starts with nothing left over from the one before.
 */
final class SearchLag {
  private static final Pattern GAUGE = Pattern.compile("(?m)^letterbox_search_lag_entries(?:\\{[^}]*})? ([0-9.eE+-]+)$");
  private static final Duration POLL = Duration.ofMillis(200);
  private final LetterboxClient client;

  SearchLag(URI server, String key) {
    this.client = LetterboxClient.builder().baseUrls(server.toString())
        .credentials(key == null ? Credentials.NONE : Credentials.serviceKey(key))
        .connectTimeout(Duration.ofSeconds(10)).readTimeout(Duration.ofSeconds(30)).build();
  }

  /** @return the entries not indexed yet; empty if the server does not report it (search off) */
  OptionalLong entries() {
    return parse(client.operations().metrics().execute());
  }

  static OptionalLong parse(String metrics) {
    Matcher m = GAUGE.matcher(metrics);
    return m.find() ? OptionalLong.of((long) Double.parseDouble(m.group(1))) : OptionalLong.empty();
  }

  /**
   * Waits until nothing is left to index, or {@code most} has passed.
   *
   * @return the seconds waited
   * @throws IllegalStateException if the index still lags after {@code most}
   */
  double awaitCaughtUp(Duration most) throws InterruptedException {
    long start = System.nanoTime();
    long deadline = start + most.toNanos();
    while (true) {
      OptionalLong lag = entries();
      if (lag.isEmpty() || lag.getAsLong() == 0) {
        return (System.nanoTime() - start) / 1e9;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the search index still lags " + lag.getAsLong() + " entries after " + most);
      }
      Thread.sleep(POLL.toMillis());
    }
  }
}
