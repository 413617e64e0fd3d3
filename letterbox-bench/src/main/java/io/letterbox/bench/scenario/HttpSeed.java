package io.letterbox.bench.scenario;

import io.letterbox.bench.measure.Progress;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
  public void load(URI server, String key) throws IOException, InterruptedException {
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(10)).build();
    URI route = URI.create(trimSlash(server.toString()) + "/v1/import/messages");
    Instant start = Instant.now().minus(365, ChronoUnit.DAYS);
    Semaphore inFlight = new Semaphore(IN_FLIGHT);
    List<CompletableFuture<Void>> calls = new ArrayList<>();
    try (Progress progress = Progress.start("import " + messages() + " msgs", messages())) {
      StringBuilder body = new StringBuilder();
      int inBody = 0;
      long n = 0;
      for (int u = 0; u < users; u++) {
        for (int j = 1; j <= peers; j++) {
          int peer = (u + j) % users;
          for (int k = 0; k < perPair; k++, n++) {
            boolean forward = k % 2 == 0;
            body.append(inBody == 0 ? "{\"messages\":[" : ",")
                .append("{\"from\":\"").append(base + (forward ? u : peer))
                .append("\",\"to\":\"").append(base + (forward ? peer : u))
                .append("\",\"text\":\"seeded message ").append(k).append(" of ").append(u).append('-').append(peer)
                .append(", imported with its original time\",\"createdAt\":\"")
                .append(start.plusMillis(n * 5)).append("\"}");
            if (++inBody == BATCH) {
              calls.add(post(client, route, key, body.append("]}").toString(), inBody, inFlight, progress));
              body.setLength(0);
              inBody = 0;
            }
          }
        }
      }
      if (inBody > 0) {
        calls.add(post(client, route, key, body.append("]}").toString(), inBody, inFlight, progress));
      }
      try {
        CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).join();
      } catch (CompletionException e) {
        throw e.getCause() instanceof RuntimeException r ? r : e;
      }
    }
  }

  private static CompletableFuture<Void> post(HttpClient client, URI route, String key, String json, int count,
      Semaphore inFlight, Progress progress) throws InterruptedException {
    inFlight.acquire();
    HttpRequest.Builder request = HttpRequest.newBuilder(route).timeout(Duration.ofMinutes(2))
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
    if (key != null) {
      request.header("Authorization", "Bearer " + key);
    }
    return client.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString())
        .whenComplete((r, e) -> inFlight.release())
        .thenAccept(r -> {
          if (r.statusCode() != 200) {
            throw new IllegalStateException("importing the seed answered " + r.statusCode() + ": " + r.body());
          }
          progress.advance(count);
        });
  }

  static String trimSlash(String url) {
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }
}
