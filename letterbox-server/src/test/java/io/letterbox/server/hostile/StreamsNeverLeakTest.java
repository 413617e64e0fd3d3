package io.letterbox.server.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.server.LetterboxServer;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.RawStream;
import io.letterbox.server.support.Scrape;
import io.letterbox.server.support.TestServers;
import io.letterbox.server.support.Tokens;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client may close an event stream or socket at any moment: before the server read its
 * position, while its backlog is being sent, with events waiting in the server's buffer, later.
 * Whatever the moment, the stream is gone from the node's streams afterwards
 * ({@code letterbox_event_streams}), the frames it held leave the shared event buffer
 * ({@code letterbox_event_buffer_bytes}), and it no longer counts against its user's user-streams.
 * Otherwise every leaked stream keeps a share of the buffer that all users' live events go through.
 */
class StreamsNeverLeakTest {
  private static final int CYCLES = 1_000;
  private static final int USERS = 8;
  private static final int STREAMS_PER_USER = 2;
  private static final int BACKLOG = 40;
  private static final String KILOBYTE = "x".repeat(1_000);

  @TempDir
  static Path dir;
  static LetterboxServer server;
  static Api service;
  static final long[] users = new long[USERS];
  static final String[] positions = new String[USERS];
  static final long sender = TestServers.freshUid();

  @BeforeAll
  static void start() {
    server = TestServers.start(dir, b -> Tokens.accepted(b).userStreams(STREAMS_PER_USER)
        .eventKeepAlive(Duration.ofMillis(100)));
    service = new Api(server.port()).withKey(Tokens.SERVICE_KEY);
    for (int i = 0; i < USERS; i++) {
      users[i] = TestServers.freshUid();
      positions[i] = URLEncoder.encode(service.get("/v1/users/" + users[i] + "/sync").json().get("next").asText(),
          StandardCharsets.UTF_8);
      for (int m = 0; m < BACKLOG; m++) {
        send(users[i]);
      }
    }
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static void send(long to) {
    var r = service.post("/v1/messages", "{\"from\":\"" + sender + "\",\"to\":\"" + to + "\",\"text\":\"" + KILOBYTE + "\"}");
    assertThat(r.status()).as("send %s", r).isEqualTo(201);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"events", "socket"})
  void aStreamClosedAtAnyMomentReleasesItselfItsBufferedEventsAndItsPlaceInItsUsersLimit(String kind) throws Exception {
    double streamsBefore = Scrape.value(service, "letterbox_event_streams");
    AtomicBoolean cycling = new AtomicBoolean(true);
    ExecutorService threads = Executors.newFixedThreadPool(USERS + 1);
    try {
      // Live events keep arriving while streams open and close.
      Future<?> live = threads.submit(() -> {
        while (cycling.get()) {
          send(users[ThreadLocalRandom.current().nextInt(USERS)]);
        }
        return null;
      });
      List<Future<?>> cyclers = new ArrayList<>();
      for (int u = 0; u < USERS; u++) {
        int user = u;
        cyclers.add(threads.submit(() -> {
          for (int i = 0; i < CYCLES / USERS; i++) {
            cycle(kind, user);
          }
          return null;
        }));
      }
      for (Future<?> c : cyclers) {
        c.get(2, TimeUnit.MINUTES);
      }
      cycling.set(false);
      live.get(1, TimeUnit.MINUTES);
    } finally {
      cycling.set(false);
      threads.shutdownNow();
    }

    Awaitility.await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
      assertThat(Scrape.value(service, "letterbox_event_streams")).as("streams open").isEqualTo(streamsBefore);
      assertThat(Scrape.value(service, "letterbox_event_buffer_bytes")).as("bytes in the event buffer").isZero();
    });
    for (int u = 0; u < USERS; u++) {
      int user = u;
      Awaitility.await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertTheUserHasAllItsStreams(kind, user));
    }
  }

  /** Opens a stream of {@code users[user]} from before its backlog and closes it at a moment chosen at random. */
  private static void cycle(String kind, int user) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    RawStream s = open(kind, user);
    try {
      int moment = random.nextInt(4);
      if (moment == 0) {
        return; // right after the request is written
      }
      int status = s.status();
      if (moment == 1 || (status != 200 && status != 101)) {
        return; // after the head (or a refusal: its previous stream may not be released yet)
      }
      if (moment == 2) {
        if (status == 101) {
          s.readFrame();
        } else {
          s.readUntil("\ndata: ");
        }
      } else {
        s.skip(random.nextInt(1, BACKLOG * 1_100)); // in the middle of the backlog
      }
    } finally {
      s.close(random.nextBoolean());
    }
  }

  private static RawStream open(String kind, int user) {
    String path = "/v1/users/" + users[user] + "/" + kind + "?since=" + positions[user];
    String token = Tokens.of(users[user]);
    return kind.equals("socket") ? RawStream.socket(server.port(), path, token) : RawStream.sse(server.port(), path, token);
  }

  /** The user's limit counts none of the closed streams: it may open user-streams at once, and no more. */
  private static void assertTheUserHasAllItsStreams(String kind, int user) {
    List<RawStream> open = new ArrayList<>();
    try {
      for (int i = 0; i < STREAMS_PER_USER; i++) {
        RawStream s = open(kind, user);
        open.add(s);
        assertThat(s.status()).as("stream %d of %d", i + 1, STREAMS_PER_USER).isIn(200, 101);
      }
      RawStream over = open(kind, user);
      open.add(over);
      assertThat(over.status()).as("one stream more than user-streams").isEqualTo(429);
    } finally {
      open.forEach(RawStream::close);
    }
  }
}
