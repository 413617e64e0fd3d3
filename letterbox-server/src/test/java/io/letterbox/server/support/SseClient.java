package io.letterbox.server.support;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.awaitility.Awaitility;

/** A real SSE connection to {@code GET /v1/users/{uid}/events}, whose lines are collected as they come. */
public final class SseClient implements AutoCloseable {
  private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private static final Duration WAIT = Duration.ofMinutes(1);

  public final List<String> lines = new CopyOnWriteArrayList<>();
  public final CompletableFuture<HttpResponse<Stream<String>>> response;
  private volatile Stream<String> body;

  /** @param lastEventId sent as {@code Last-Event-ID}, if not null */
  public SseClient(int port, long uid, String lastEventId) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/users/" + uid
        + "/events")).header("Accept", "text/event-stream");
    if (lastEventId != null) {
      b.header("Last-Event-ID", lastEventId);
    }
    response = CLIENT.sendAsync(b.build(), HttpResponse.BodyHandlers.ofLines());
    response.thenAcceptAsync(r -> {
      body = r.body();
      r.body().forEach(lines::add);
    });
  }

  /** The events received so far, as (id, event, data). */
  public List<String[]> events() {
    List<String[]> out = new ArrayList<>();
    String id = null;
    String event = null;
    for (String line : lines) {
      if (line.startsWith("id: ")) {
        id = line.substring(4);
      } else if (line.startsWith("event: ")) {
        event = line.substring(7);
      } else if (line.startsWith("data: ")) {
        out.add(new String[] {id, event, line.substring(6)});
      }
    }
    return out;
  }

  /** Waits until at least {@code n} events came; @return the events then */
  public List<String[]> await(int n) {
    Awaitility.await().atMost(WAIT).until(() -> events().size() >= n);
    return events();
  }

  /** Waits until the server said the stream is open. */
  public void awaitConnected() {
    Awaitility.await().atMost(WAIT).until(() -> lines.contains(": connected"));
  }

  @Override
  public void close() {
    response.cancel(true);
    Stream<String> b = body;
    if (b != null) {
      b.close();
    }
  }
}
