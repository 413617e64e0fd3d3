package io.letterbox.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

class EventsTest {
  private static String event(String position, String peer) {
    return "id: " + position + "\nevent: message\ndata: {\"type\":\"message\",\"position\":\"" + position
        + "\",\"peer\":\"" + peer + "\",\"id\":\"" + peer + "0\"}\n\n";
  }

  @Test
  void aStreamThatEndsIsResumedFromTheLastEventHandedOver() {
    try (FakeServer server = new FakeServer((r, ex, i) -> {
      ex.getResponseHeaders().add("Content-Type", "text/event-stream");
      ex.sendResponseHeaders(200, 0);
      try (OutputStream out = ex.getResponseBody()) {
        String body = i == 0
            ? ": connected\n\n" + event("p1", "7") + event("p2", "8")
            // the server ends a slow reader's stream; the client comes back with Last-Event-ID
            + "event: error\ndata: {\"error\":{\"code\":\"SLOW_CONSUMER\",\"message\":\"slow\"}}\n\n"
            : ": connected\n\n" + event("p3", "9");
        out.write(body.getBytes(StandardCharsets.UTF_8));
      }
    })) {
      List<Event> events = new CopyOnWriteArrayList<>();
      LetterboxClient client = Fixtures.client(server.url()).build();

      try (EventSubscription sub = client.events().listen(5, "p0", events::add)) {
        Awaitility.await().atMost(Duration.ofMinutes(1)).until(() -> events.size() >= 3);
        assertThat(sub.position()).isEqualTo("p3");
      }

      assertThat(events).extracting(Event::position).startsWith("p1", "p2", "p3");
      assertThat(events.get(0).peer()).isEqualTo(7L);
      assertThat(server.received.get(0).header("Last-Event-ID")).isEqualTo("p0");
      assertThat(server.received.get(1).header("Last-Event-ID")).isEqualTo("p2");
      assertThat(server.received.get(0).uri()).isEqualTo("/v1/users/5/events");
    }
  }

  @Test
  void aPositionTooOldStopsTheSubscriptionWithTheError() {
    try (FakeServer server = new FakeServer((r, ex, i) -> FakeServer.json(ex, 410,
        "{\"error\":{\"code\":\"SYNC_TOO_OLD\",\"message\":\"older than P30D\"}}"))) {
      AtomicReference<LetterboxException> error = new AtomicReference<>();
      EventSubscription sub = Fixtures.client(server.url()).build().events().listen(5, "old", new EventListener() {
        @Override
        public void onEvent(Event event) {}

        @Override
        public void onError(LetterboxException e) {
          error.set(e);
        }
      });

      Awaitility.await().atMost(Duration.ofMinutes(1)).until(() -> error.get() != null);
      assertThat(error.get().code()).isEqualTo("SYNC_TOO_OLD");
      assertThat(sub.isOpen()).isFalse();
    }
  }

  @Test
  void aStreamThatFallsSilentIsTakenForDeadAndReplaced() throws Exception {
    CountDownLatch end = new CountDownLatch(1);
    try (FakeServer server = new FakeServer((r, ex, i) -> {
      ex.getResponseHeaders().add("Content-Type", "text/event-stream");
      ex.sendResponseHeaders(200, 0);
      try (OutputStream out = ex.getResponseBody()) {
        out.write((": connected\n\n" + (i == 0 ? "" : event("p1", "7"))).getBytes(StandardCharsets.UTF_8));
        out.flush();
        if (i == 0) {
          end.await(); // a half-open connection: no keep-alive, no end
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    })) {
      List<Event> events = new CopyOnWriteArrayList<>();
      LetterboxClient client = Fixtures.client(server.url()).eventIdleTimeout(Duration.ofMillis(200)).build();

      try (EventSubscription sub = client.events().listen(5, "p0", events::add)) {
        Awaitility.await().atMost(Duration.ofMinutes(1)).until(() -> !events.isEmpty());
      } finally {
        end.countDown();
      }

      assertThat(events).extracting(Event::position).first().isEqualTo("p1");
      assertThat(server.received.get(1).header("Last-Event-ID")).isEqualTo("p0");
    }
  }
}
