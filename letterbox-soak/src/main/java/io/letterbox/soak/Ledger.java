package io.letterbox.soak;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What one cell's acknowledged writes imply the server holds: every message (one-to-one or
 * broadcast) with the views it is in, each owner's deletes and read positions. Only the cell's
 * worker touches it, and only between answers, so it is exact whenever no write is in flight.
 */
final class Ledger {
  /**
   * A stored message: its receivers are the one-to-one peer or a broadcast's effective audience;
   * {@code request} is the body it was sent with (its text is its idempotency key).
   */
  record Message(long id, long from, Set<Long> receivers, boolean broadcast, String key, String request, int life) {}

  /** One owner's view of its conversation with one peer. */
  record View(long owner, long peer) {}

  private final Map<Long, Message> messages = new LinkedHashMap<>();
  private final Map<View, NavigableSet<Long>> visible = new HashMap<>();
  private final Map<View, Map<String, Long>> readUpTo = new HashMap<>();
  private final Map<Long, Set<Long>> deletedBy = new HashMap<>();
  /** Messages not yet read back one by one after a restart. */
  private final Set<Long> unverified = new HashSet<>();

  void add(Message m) {
    if (messages.putIfAbsent(m.id(), m) != null) {
      throw new IllegalStateException("message " + m.id() + " acknowledged twice");
    }
    unverified.add(m.id());
    for (long to : m.receivers()) {
      visible.computeIfAbsent(new View(to, m.from()), v -> new TreeSet<>()).add(m.id());
      if (!m.broadcast()) {
        // A broadcast is not in its sender's conversation with a receiver; a one-to-one message is.
        visible.computeIfAbsent(new View(m.from(), to), v -> new TreeSet<>()).add(m.id());
      }
    }
  }

  boolean has(long id) {
    return messages.containsKey(id);
  }

  Message message(long id) {
    return messages.get(id);
  }

  Iterable<Message> messages() {
    return messages.values();
  }

  /** Whether {@code owner} sees the message: a party to it that did not delete it. */
  boolean sees(long owner, Message m) {
    boolean party = m.receivers().contains(owner) || (!m.broadcast() && m.from() == owner);
    return party && !deletedBy.getOrDefault(m.id(), Set.of()).contains(owner);
  }

  void delete(long owner, long id) {
    Message m = messages.get(id);
    deletedBy.computeIfAbsent(id, k -> new HashSet<>()).add(owner);
    long peer = m.from() == owner ? m.receivers().iterator().next() : m.from();
    visible.getOrDefault(new View(owner, peer), new TreeSet<>()).remove(id);
  }

  /** A device's read position moves forward only: an older {@code upTo} leaves it where it is. */
  void markRead(View view, String device, long upTo) {
    readUpTo.computeIfAbsent(view, v -> new HashMap<>()).merge(device, upTo, Math::max);
  }

  /** The ids {@code view} shows, oldest first. */
  NavigableSet<Long> visible(View view) {
    return visible.getOrDefault(view, new TreeSet<>());
  }

  /** The conversations the ledger knows of (some may have been emptied by deletes). */
  Set<View> views() {
    return visible.keySet();
  }

  /** Unread per peer of {@code owner} on {@code device}: incoming, not deleted, after its read position. */
  Map<Long, Long> unread(long owner, String device) {
    Map<Long, Long> counts = new TreeMap<>();
    visible.forEach((view, ids) -> {
      if (view.owner() != owner) {
        return;
      }
      long upTo = readUpTo.getOrDefault(view, Map.of()).getOrDefault(device, 0L);
      long n = ids.tailSet(upTo, false).stream().filter(id -> messages.get(id).from() == view.peer()).count();
      if (n > 0) {
        counts.put(view.peer(), n);
      }
    });
    return counts;
  }

  /** Takes the messages acknowledged since the last call, for reading back one by one. */
  List<Message> takeUnverified() {
    List<Message> out = unverified.stream().map(messages::get).toList();
    unverified.clear();
    return out;
  }

  int size() {
    return messages.size();
  }
}
