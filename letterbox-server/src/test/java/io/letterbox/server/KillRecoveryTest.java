package io.letterbox.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.ChildServerTestBase;
import io.letterbox.server.support.Reply;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Acknowledged means durable: a server killed with SIGKILL (no shutdown hook, no flush) still has
 * every message it answered 201 for when it restarts on the same directory, and keeps issuing
 * larger ids.
 */
class KillRecoveryTest extends ChildServerTestBase {
  static final long SENDER = 71;
  static final long RECEIVER = 72;


  @Test
  void everyAcknowledgedMessageSurvivesAKillAndNewIdsKeepGrowing() throws Exception {
    Api api = start("first");
    Set<String> acked = ConcurrentHashMap.newKeySet();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      for (int i = 0; i < 200; i++) {
        int n = i;
        pool.submit(() -> {
          Reply r = api.post("/v1/messages", body("acked " + n));
          if (r.status() == 201) {
            acked.add(r.json().get("id").asText());
          }
        });
      }
      pool.shutdown();
      assertThat(pool.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
      assertThat(acked).hasSize(200);

      // More writes in flight at the moment of the kill: they may or may not survive, but
      // they must not take acknowledged ones down with them. They run until the connection
      // goes, so some are in flight whenever the kill comes; it comes once some were answered.
      ExecutorService inFlight = Executors.newFixedThreadPool(4);
      AtomicInteger answered = new AtomicInteger();
      for (int i = 0; i < 4; i++) {
        inFlight.submit(() -> {
          while (!Thread.currentThread().isInterrupted()) {
            try {
              api.post("/v1/messages", body("in flight"));
              answered.incrementAndGet();
            } catch (AssertionError connectionLost) {
              return;
            }
          }
        });
      }
      await("writes in flight answered").atMost(Duration.ofSeconds(60)).until(() -> answered.get() >= 20);
      server.kill();
      inFlight.shutdownNow();
      inFlight.awaitTermination(30, TimeUnit.SECONDS);
    } finally {
      pool.shutdownNow();
    }

    Api restarted = start("second");
    Set<String> found = new HashSet<>(history(restarted));
    assertThat(found).containsAll(acked);

    long maxBefore = found.stream().mapToLong(Long::parseLong).max().orElseThrow();
    Reply fresh = restarted.post("/v1/messages", body("after restart"));
    assertThat(fresh.status()).isEqualTo(201);
    assertThat(Long.parseLong(fresh.json().get("id").asText())).isGreaterThan(maxBefore);
  }

  private static List<String> history(Api api) {
    List<String> ids = new java.util.ArrayList<>();
    String cursor = null;
    do {
      String q = cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8);
      Reply r = api.get("/v1/users/" + RECEIVER + "/conversations/" + SENDER + "/messages?limit=100" + q);
      assertThat(r.status()).as("%s", r).isEqualTo(200);
      JsonNode page = r.json();
      page.get("items").forEach(m -> ids.add(m.get("id").asText()));
      cursor = page.get("next").isNull() ? null : page.get("next").asText();
    } while (cursor != null);
    return ids;
  }

  private static String body(String text) {
    return "{\"from\":\"" + SENDER + "\",\"to\":\"" + RECEIVER + "\",\"text\":\"" + text + "\"}";
  }

  private Api start(String name) throws Exception {
    return server.start(name);
  }
}
