package io.letterbox.bench.scenario;

import io.letterbox.bench.measure.Progress;
import io.letterbox.bench.workload.Texts;
import io.letterbox.client.Credentials;
import io.letterbox.client.ImportedMessage;
import io.letterbox.client.LetterboxClient;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Semaphore;

/**
 * The data the {@code http} scenario's wrk scripts read, loaded over HTTP with the bulk import
 * route ({@code POST /v1/import/messages}, old history with its original times): users
 * {@code base .. base+users-1}; user u wrote to u+1 .. u+peers (mod users), {@code perPair}
 * messages per pair in alternating directions. The scripts pick users and pairs by the same rule.
 */
public record HttpSeed(long base, int users, int peers, int perPair) {
  /** Messages per import call: the server takes at most 1,000. */
  private static final int BATCH = 1_000;
  private static final int IN_FLIGHT = 2;

  public HttpSeed {
    if (users < 2 || peers < 1 || peers >= users || perPair < 1) {
      throw new IllegalArgumentException("seed sizes out of range: users >= 2, 1 <= peers < users, messages per pair"
          + " >= 1 (got " + users + ", " + peers + ", " + perPair + ")");
    }
  }

  public long messages() {
    return (long) users * peers * perPair;
  }

  /** Imports every message; fails with the server's answer if one import is refused. */
  public void load(URI server, String key) {
    LetterboxClient client = LetterboxClient.builder().baseUrls(server.toString())
        .credentials(key == null ? Credentials.NONE : Credentials.serviceKey(key))
        .connectTimeout(Duration.ofSeconds(10)).readTimeout(Duration.ofMinutes(2)).build();
    Instant start = Instant.now().minus(365, ChronoUnit.DAYS);
    Semaphore inFlight = new Semaphore(IN_FLIGHT);
    List<CompletableFuture<Void>> calls = new ArrayList<>();
    try (Progress progress = Progress.start("import " + messages() + " msgs", messages())) {
      List<ImportedMessage> batch = new ArrayList<>(BATCH);
      long n = 0;
      for (int u = 0; u < users; u++) {
        for (int j = 1; j <= peers; j++) {
          int peer = (u + j) % users;
          for (int k = 0; k < perPair; k++, n++) {
            boolean forward = k % 2 == 0;
            batch.add(new ImportedMessage(base + (forward ? u : peer), base + (forward ? peer : u),
                Texts.at(n),
                start.plusMillis(n * 5)));
            if (batch.size() == BATCH) {
              calls.add(post(client, batch, inFlight, progress));
              batch = new ArrayList<>(BATCH);
            }
          }
        }
      }
      if (!batch.isEmpty()) {
        calls.add(post(client, batch, inFlight, progress));
      }
      try {
        CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).join();
      } catch (CompletionException e) {
        throw e.getCause() instanceof RuntimeException r ? r : e;
      }
    }
  }

  private static CompletableFuture<Void> post(LetterboxClient client, List<ImportedMessage> batch, Semaphore inFlight,
      Progress progress) {
    inFlight.acquireUninterruptibly();
    return client.messages().importHistory(batch).executeAsync()
        .whenComplete((ids, e) -> inFlight.release())
        .thenAccept(ids -> progress.advance(ids.size()));
  }

  static String trimSlash(String url) {
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }
}
