package io.letterbox.client;

/**
 * Receives a user's events in order, each once, on the subscription's own thread. The subscription
 * reconnects by itself from the last event handed over; it stops only when closed or at {@link
 * #onError}.
 */
public interface EventListener {
  /** One event. An exception thrown here stops the subscription before this event's position. */
  void onEvent(Event event);

  /** Each time a stream is open: events from here on arrive without a gap since the last one. */
  default void onConnected() {}

  /**
   * The subscription stopped for a reason reconnecting cannot cure: e.g. {@code SYNC_TOO_OLD} (list
   * the conversations again, then listen from now), a refused credential, or this listener's own
   * exception (code {@code LISTENER_FAILED}).
   */
  default void onError(LetterboxException error) {}
}
