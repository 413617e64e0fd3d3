package io.letterbox.engine.feed;

import io.letterbox.model.Event;
import io.letterbox.model.Message;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the devices of the owners this node hosts received (decision 0051): each one-to-one
 * message handed to a stream or socket, or given by a sync, moves its receiver's position of the
 * sender, kept here in memory per receiver and sender (the highest id), and logged once a second
 * ({@link #flush}): one action per receiver and sender that moved, whatever the number of events.
 */
public final class DeliveryReceipts {
  private record Pair(long receiver, long sender) {}

  /** A receiver's position of a sender: logs that it received up to {@code upTo}. */
  @FunctionalInterface
  public interface Log {
    void delivered(long receiver, long sender, long upTo);
  }

  private final Map<Pair, Long> pending = new ConcurrentHashMap<>();

  /** {@code owner}'s device received {@code event}: a one-to-one message sent to it moves its position. Any thread. */
  public void received(long owner, Event event) {
    if (event instanceof Event.MessageArrived a) {
      Message m = a.message();
      if (m.kind() == Message.Kind.SINGLE && m.to() == owner && m.from() != owner) {
        pending.merge(new Pair(owner, m.from()), m.id(), Math::max);
      }
    }
  }

  /** {@code owner}'s device was given {@code events} (a sync page). */
  public void received(long owner, List<Event> events) {
    for (Event e : events) {
      received(owner, e);
    }
  }

  /** Logs each position that moved since the last flush, and forgets it here. */
  public void flush(Log log) {
    for (Pair p : List.copyOf(pending.keySet())) {
      Long upTo = pending.remove(p);
      if (upTo != null) {
        log.delivered(p.receiver(), p.sender(), upTo);
      }
    }
  }

  /** How many positions wait to be logged. */
  public int pending() {
    return pending.size();
  }
}
