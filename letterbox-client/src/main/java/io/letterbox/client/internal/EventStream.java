package io.letterbox.client.internal;

import io.letterbox.client.Event;
import io.letterbox.client.EventListener;
import io.letterbox.client.EventSubscription;
import io.letterbox.client.LetterboxException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A subscription to {@code GET /v1/users/{uid}/events}: one thread reads the stream and hands each
 * event to the listener, then remembers its position; when the stream ends or breaks it connects
 * again with {@code Last-Event-ID} set to that position. The position only moves after the listener
 * returned, so an event is neither lost nor repeated across reconnections.
 */
public final class EventStream implements EventSubscription, Runnable {
  /** Errors after which the server expects the client to resume from its position. */
  private static final Set<String> RESUMABLE = Set.of("SLOW_CONSUMER", "STREAM_ENDED", LetterboxException.UNREACHABLE,
      "OVERLOADED", "RATE_LIMITED", "NOT_READY", "NOT_OWNER", "HTTP_502", "HTTP_503", "HTTP_504");

  private final Transport transport;
  private final long uid;
  private final EventListener listener;
  private final Duration reconnectDelay;
  /** Closes streams that went silent: one daemon thread for every subscription of the process. */
  private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "letterbox-events-watchdog");
    t.setDaemon(true);
    return t;
  });

  private final Duration idleTimeout;
  private final CountDownLatch closed = new CountDownLatch(1);
  private volatile long lastHeard = System.nanoTime();
  private volatile ScheduledFuture<?> watchdog;
  private volatile String position;
  private volatile CompletableFuture<HttpResponse<InputStream>> connecting;
  private volatile InputStream body;

  private EventStream(Transport transport, long uid, String position, EventListener listener, Duration reconnectDelay,
      Duration idleTimeout) {
    this.transport = transport;
    this.idleTimeout = idleTimeout;
    this.uid = uid;
    this.position = position;
    this.listener = listener;
    this.reconnectDelay = reconnectDelay;
  }

  /**
   * @param idleTimeout how long a stream may stay silent (the server writes a keep-alive at least
   *     every 15 s) before it is taken for dead and replaced
   */
  public static EventSubscription start(Transport transport, long uid, String position, EventListener listener,
      Duration reconnectDelay, Duration idleTimeout) {
    EventStream stream = new EventStream(transport, uid, position, listener, reconnectDelay, idleTimeout);
    long every = Math.max(1, idleTimeout.toMillis() / 4);
    stream.watchdog = WATCHDOG.scheduleWithFixedDelay(stream::closeIfSilent, every, every, TimeUnit.MILLISECONDS);
    Thread thread = new Thread(stream, "letterbox-events-" + uid);
    thread.setDaemon(true);
    thread.start();
    return stream;
  }

  @Override
  public void run() {
    while (isOpen()) {
      try {
        connecting = transport.send(Spec.of(Route.STREAM_EVENTS, uid).header("Accept", "text/event-stream")
            .header("Last-Event-ID", position).untimed().build());
        HttpResponse<InputStream> response = connecting.get();
        body = response.body();
        lastHeard = System.nanoTime();
        if (isOpen()) {
          listener.onConnected();
          read(body);
        }
      } catch (LetterboxException e) {
        if (!RESUMABLE.contains(e.code())) {
          stop(e);
        }
      } catch (Exception e) {
        Throwable cause = Errors.unwrap(e);
        if (cause instanceof LetterboxException l && !RESUMABLE.contains(l.code())) {
          stop(l);
        }
        // otherwise the stream broke (I/O, a node gone): connect again from the position
      } finally {
        closeBody();
      }
      pause();
    }
  }

  /** Reads events until the stream ends. */
  private void read(InputStream in) throws IOException {
    BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    SseFrame frame = new SseFrame();
    for (String line = reader.readLine(); line != null && isOpen(); line = reader.readLine()) {
      lastHeard = System.nanoTime();
      if (frame.accept(line)) {
        dispatch(frame);
        frame = new SseFrame();
      }
    }
  }

  private void dispatch(SseFrame frame) throws IOException {
    if ("error".equals(frame.event)) {
      throw Json.MAPPER.readValue(frame.data, ErrorBody.class).toException();
    }
    if (frame.data == null) {
      return;
    }
    Event event = Json.MAPPER.readValue(frame.data, Event.class);
    try {
      listener.onEvent(event);
    } catch (RuntimeException e) {
      stop(new LetterboxException("LISTENER_FAILED", 0, "the listener threw at " + event.type() + " " + event.position(), e));
      return;
    }
    position = event.position() != null ? event.position() : frame.id;
  }

  private void stop(LetterboxException e) {
    if (isOpen()) {
      close();
      listener.onError(e);
    }
  }

  private void pause() {
    try {
      closed.await(reconnectDelay.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      closed.countDown();
    }
  }

  /** A half-open connection sends nothing and never ends: closing its body makes the reader reconnect. */
  private void closeIfSilent() {
    if (System.nanoTime() - lastHeard > idleTimeout.toNanos()) {
      lastHeard = System.nanoTime();
      closeBody();
    }
  }

  @Override
  public String position() {
    return position;
  }

  @Override
  public boolean isOpen() {
    return closed.getCount() > 0;
  }

  @Override
  public void close() {
    closed.countDown();
    ScheduledFuture<?> w = watchdog;
    if (w != null) {
      w.cancel(false);
    }
    CompletableFuture<HttpResponse<InputStream>> c = connecting;
    if (c != null) {
      c.cancel(true);
    }
    closeBody();
  }

  private void closeBody() {
    InputStream b = body;
    if (b != null) {
      try {
        b.close();
      } catch (IOException ignored) {
        // closing a broken stream
      }
    }
  }

  /** {@code {"error":{"code","message"}}} as an SSE error event carries it. */
  private record ErrorBody(Detail error) {
    LetterboxException toException() {
      return new LetterboxException(error.code, 200, error.message, null);
    }

    private record Detail(String code, String message) {}
  }
}
