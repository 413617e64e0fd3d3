package io.letterbox.server.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.server.LetterboxServer;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.RawStream;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.Scrape;
import io.letterbox.server.support.TestServers;
import io.letterbox.server.support.Tokens;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Per-user limits (API.md, "Safety (v3)"): a user token past one is 429 {@code RATE_LIMITED} with
 * {@code Retry-After}, and its request stores nothing; other users and service keys are not held
 * back by it. Streams, uploads and searches have API.md's defaults here; sends are 5 a second
 * (bursts of 10), so that a slow machine still sends faster than they refill; the daily quotas are
 * set low, and their exhaustion is what is tested (a day is not waited for).
 */
class PerUserLimitsTest {
  static final long SENDS_PER_SECOND = 5;
  static final long BLOB_BYTES_PER_DAY = 10_000;
  static final long GROUPS_PER_DAY = 3;
  static final long MEMBER_ADDS_PER_DAY = 10;

  @TempDir
  static Path dir;
  static LetterboxServer server;
  static Api anonymous;
  static Api service;

  @BeforeAll
  static void start() {
    server = TestServers.start(dir, b -> Tokens.accepted(b).userSendsPerSecond(SENDS_PER_SECOND)
        .userBlobBytesPerDay(BLOB_BYTES_PER_DAY)
        .userGroupsPerDay(GROUPS_PER_DAY).userMemberAddsPerDay(MEMBER_ADDS_PER_DAY));
    anonymous = new Api(server.port());
    service = anonymous.withKey(Tokens.SERVICE_KEY);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static Api as(long uid) {
    return anonymous.withKey(Tokens.of(uid));
  }

  static String message(long from, long to) {
    return "{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"hello\"}";
  }

  static int conversations(long uid) {
    return service.get("/v1/users/" + uid + "/conversations").json().get("items").size();
  }

  static void assertRateLimited(Reply r) {
    assertThat(r.status()).as("%s", r).isEqualTo(429);
    assertThat(r.errorCode()).isEqualTo("RATE_LIMITED");
    assertThat(Long.parseLong(r.headers().firstValue("Retry-After").orElseThrow())).isGreaterThanOrEqualTo(1);
  }

  @Test
  void sendsPastTheBurstAreRefusedAndStoreNothingWhileOtherUsersAndServicesGoOn() throws Exception {
    long me = TestServers.freshUid();
    Api mine = as(me);
    double refusedBefore = Scrape.value(service, "letterbox_rate_limited_total{limit=\"user-sends-per-second\"}");
    ConcurrentLinkedQueue<Long> refusedTo = new ConcurrentLinkedQueue<>();
    AtomicInteger stored = new AtomicInteger();
    ExecutorService threads = Executors.newFixedThreadPool(4);
    long start = System.nanoTime();
    try {
      List<Future<?>> senders = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        senders.add(threads.submit(() -> {
          for (int i = 0; i < 15; i++) {
            long stranger = TestServers.freshUid();
            Reply r = mine.post("/v1/messages", message(me, stranger));
            if (r.status() == 201) {
              stored.incrementAndGet();
            } else {
              assertRateLimited(r);
              refusedTo.add(stranger);
            }
          }
          return null;
        }));
      }
      for (Future<?> f : senders) {
        f.get(1, TimeUnit.MINUTES);
      }
    } finally {
      threads.shutdownNow();
    }
    double seconds = (System.nanoTime() - start) / 1e9;

    // A burst of twice the rate, then the rate.
    assertThat(stored.get()).isGreaterThanOrEqualTo(2 * (int) SENDS_PER_SECOND)
        .isLessThanOrEqualTo(allowed(seconds));
    assertThat(refusedTo).isNotEmpty().hasSize(60 - stored.get());
    for (long stranger : refusedTo) {
      assertThat(conversations(stranger)).as("conversations of a refused send's receiver").isZero();
    }
    assertThat(Scrape.value(service, "letterbox_rate_limited_total{limit=\"user-sends-per-second\"}"))
        .isEqualTo(refusedBefore + refusedTo.size());
    long other = TestServers.freshUid();
    assertThat(as(other).post("/v1/messages", message(other, TestServers.freshUid())).status()).isEqualTo(201);
    for (int i = 0; i < 3 * SENDS_PER_SECOND; i++) {
      assertThat(service.post("/v1/messages", message(me, TestServers.freshUid())).status())
          .as("a service sending as the same user").isEqualTo(201);
    }
  }

  @Test
  void groupPostsCountWithOneToOneSends() {
    long me = TestServers.freshUid();
    String gid = service.post("/v1/groups", "{\"by\":\"" + me + "\",\"name\":\"posts\"}").json().get("id").asText();
    Api mine = as(me);
    int stored = 0;
    int refused = 0;
    long start = System.nanoTime();
    for (int i = 0; i < 30; i++) {
      stored += mine.post("/v1/messages", message(me, TestServers.freshUid())).status() == 201 ? 1 : 0;
    }
    for (int i = 0; i < 30; i++) {
      Reply r = mine.post("/v1/groups/" + gid + "/messages", "{\"from\":\"" + me + "\",\"text\":\"hi\"}");
      if (r.status() == 201) {
        stored++;
      } else {
        assertRateLimited(r);
        refused++;
      }
    }
    double seconds = (System.nanoTime() - start) / 1e9;

    assertThat(stored).isLessThanOrEqualTo(allowed(seconds));
    assertThat(refused).isPositive();
  }

  @Test
  void theEleventhStreamOfAUserIsRefusedAndAllowedAgainOnceOneCloses() {
    long me = TestServers.freshUid();
    String token = Tokens.of(me);
    List<RawStream> open = new ArrayList<>();
    try {
      List<Integer> statuses = new ArrayList<>();
      for (int i = 0; i < 60; i++) {
        RawStream s = i % 2 == 0 ? RawStream.sse(server.port(), "/v1/users/" + me + "/events", token)
            : RawStream.socket(server.port(), "/v1/users/" + me + "/socket", token);
        String head = s.head();
        int status = Integer.parseInt(head.substring(9, 12));
        statuses.add(status);
        if (status == 429) {
          assertThat(head).contains("Retry-After: ");
          s.close();
        } else {
          open.add(s);
        }
      }
      assertThat(statuses.subList(0, 10)).allMatch(s -> s == 200 || s == 101);
      assertThat(statuses.subList(10, 60)).containsOnly(429);
      long other = TestServers.freshUid();
      try (RawStream theirs = RawStream.sse(server.port(), "/v1/users/" + other + "/events", Tokens.of(other))) {
        assertThat(theirs.status()).as("another user's stream").isEqualTo(200);
      }

      for (int i = 0; i < 3; i++) {
        open.remove(0).close(i == 0);
      }
      while (open.size() < 10) {
        Awaitility.await().atMost(Duration.ofMinutes(1)).until(() -> {
          RawStream s = RawStream.sse(server.port(), "/v1/users/" + me + "/events", token);
          if (s.status() == 200) {
            open.add(s);
            return true;
          }
          s.close();
          return false;
        });
      }
      try (RawStream over = RawStream.socket(server.port(), "/v1/users/" + me + "/socket", token)) {
        assertThat(over.status()).isEqualTo(429);
      }
    } finally {
      open.forEach(RawStream::close);
    }
  }

  @Test
  void aThirdUploadAtOnceIsRefusedUntilOneEnds() {
    long me = TestServers.freshUid();
    String token = Tokens.of(me);
    String head = "POST /v1/blobs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n"
        + "Content-Length: 1000\r\n";
    List<RawStream> uploading = new ArrayList<>();
    try {
      for (int i = 0; i < 2; i++) {
        uploading.add(RawStream.started(server.port(), head, token, new byte[10]));
      }
      // Both have been counted once a third is refused.
      Awaitility.await().atMost(Duration.ofMinutes(1)).untilAsserted(() -> assertRateLimited(upload(me, 10)));

      uploading.get(0).write(new byte[990]);
      assertThat(uploading.get(0).status()).isIn(200, 201);
      Awaitility.await().atMost(Duration.ofMinutes(1)).until(() -> upload(me, 10).status() == 201);
    } finally {
      uploading.forEach(RawStream::close);
    }
    assertThat(anonymous.withKey(Tokens.SERVICE_KEY).post("/v1/blobs", random(10), "application/octet-stream").status())
        .isEqualTo(201);
  }

  @Test
  void blobBytesPastTheDailyLimitAreRefused() {
    long me = TestServers.freshUid();

    assertThat(upload(me, 6_000).status()).isEqualTo(201);
    assertRateLimited(upload(me, 6_000));
    assertThat(upload(me, 4_000).status()).as("what is left").isEqualTo(201);
    assertRateLimited(upload(me, 1));
    assertThat(upload(TestServers.freshUid(), 6_000).status()).as("another user").isEqualTo(201);
  }

  @Test
  void groupsPastTheDailyLimitAreRefusedAndRefusedCreationsDoNotCount() {
    long me = TestServers.freshUid();
    Api mine = as(me);

    for (int i = 0; i < 2; i++) {
      assertThat(mine.post("/v1/groups", "{\"by\":\"" + me + "\",\"name\":\"g\",\"unknown\":1}").status()).isEqualTo(400);
    }
    for (int i = 0; i < GROUPS_PER_DAY; i++) {
      assertThat(mine.post("/v1/groups", "{\"by\":\"" + me + "\",\"name\":\"g" + i + "\"}").status()).isEqualTo(201);
    }
    assertRateLimited(mine.post("/v1/groups", "{\"by\":\"" + me + "\",\"name\":\"one too many\"}"));
    assertThat(service.post("/v1/groups", "{\"by\":\"" + me + "\",\"name\":\"by a service\"}").status()).isEqualTo(201);
  }

  @Test
  void memberAddsPastTheDailyLimitAreRefusedAndAddNobody() {
    long me = TestServers.freshUid();
    Api mine = as(me);
    String gid = mine.post("/v1/groups", "{\"by\":\"" + me + "\",\"name\":\"g\",\"members\":" + uids(4) + "}")
        .json().get("id").asText();
    assertThat(mine.put("/v1/groups/" + gid + "/members/" + TestServers.freshUid(), "{\"by\":\"" + me + "\"}").status())
        .isEqualTo(204);

    assertRateLimited(mine.post("/v1/groups/" + gid + "/members", "{\"by\":\"" + me + "\",\"uids\":" + uids(6) + "}"));
    assertThat(members(gid)).as("owner, 4 at creation, 1 put").isEqualTo(6);
    assertThat(mine.post("/v1/groups/" + gid + "/members", "{\"by\":\"" + me + "\",\"uids\":" + uids(5) + "}").status())
        .isEqualTo(200);
    assertRateLimited(mine.put("/v1/groups/" + gid + "/members/" + TestServers.freshUid(), "{\"by\":\"" + me + "\"}"));
    assertRateLimited(mine.post("/v1/groups", "{\"by\":\"" + me + "\",\"name\":\"h\",\"members\":" + uids(1) + "}"));
    assertThat(members(gid)).isEqualTo(11);
  }

  @Test
  void searchesPastFiveASecondAreRefused() {
    long me = TestServers.freshUid();
    Api mine = as(me);
    List<Integer> statuses = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      Reply r = mine.get("/v1/users/" + me + "/search?q=hello");
      statuses.add(r.status());
      if (r.status() == 429) {
        assertRateLimited(r);
      }
    }

    assertThat(statuses.subList(0, 5)).doesNotContain(429);
    assertThat(statuses).contains(429);
    assertThat(service.get("/v1/users/" + me + "/search?q=hello").status()).isNotEqualTo(429);
  }

  /** @return the most sends a user may make in {@code seconds}: its burst, what refilled meanwhile, and one for rounding */
  private static int allowed(double seconds) {
    return (int) (2 * SENDS_PER_SECOND + Math.ceil(SENDS_PER_SECOND * seconds) + 1);
  }

  private static Reply upload(long uid, int bytes) {
    return as(uid).post("/v1/blobs", random(bytes), "application/octet-stream");
  }

  private static byte[] random(int n) {
    byte[] b = new byte[n];
    ThreadLocalRandom.current().nextBytes(b);
    return b;
  }

  private static String uids(int n) {
    return LongStream.range(0, n).mapToObj(i -> "\"" + TestServers.freshUid() + "\"")
        .collect(Collectors.joining(",", "[", "]"));
  }

  private static int members(String gid) {
    return service.get("/v1/groups/" + gid + "/members?limit=100").json().get("items").size();
  }
}
