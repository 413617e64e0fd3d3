package io.letterbox.client;

import static io.letterbox.client.internal.Route.STREAM_EVENTS;
import static io.letterbox.client.internal.Route.SYNC;

import io.letterbox.client.internal.EventStream;
import io.letterbox.client.internal.Maps;
import io.letterbox.client.internal.Spec;
import io.letterbox.client.internal.Transport;
import java.time.Duration;

/** A user's change feed: pulled from a position ({@link #sync}), or pushed live ({@link #listen}). */
public final class Events extends Resource {
  private final Duration reconnectDelay;
  private final Duration idleTimeout;

  Events(Transport transport, Duration reconnectDelay, Duration idleTimeout) {
    super(transport);
    this.reconnectDelay = reconnectDelay;
    this.idleTimeout = idleTimeout;
  }

  /** The current position and no events: where a device that has everything starts. */
  public Call<Sync> now(long uid) {
    return sync(uid, null, null);
  }

  /**
   * Events after {@code since}, oldest first.
   *
   * @param since a position from an earlier answer or event; null for the position now
   * @param limit 1..100, null for the server's default
   */
  @Maps(SYNC)
  public Call<Sync> sync(long uid, String since, Integer limit) {
    return call(Spec.of(SYNC, uid).query("since", since).query("limit", limit), Sync.class);
  }

  /**
   * Listens to {@code uid}'s events as they happen (Server-Sent Events) on a thread of its own. When
   * a stream ends or breaks (a node restarting, SLOW_CONSUMER) it reconnects from the last event
   * handed over, to the next node, so the listener misses none and sees none twice. A stream silent
   * longer than the client's {@code eventIdleTimeout} (a half-open connection) is replaced the same way.
   *
   * @param since the position to start after; null for now
   */
  @Maps(STREAM_EVENTS)
  public EventSubscription listen(long uid, String since, EventListener listener) {
    String from = since != null ? since : now(uid).execute().next();
    return EventStream.start(transport, uid, from, listener, reconnectDelay, idleTimeout);
  }
}
