package io.letterbox.soak;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.LongStream;

/**
 * One worker's users, disjoint from every other worker's, so that one thread's requests are the
 * only ones touching their state and the ledger is exact: {@code users} that write to each other,
 * a {@code broadcaster} they may follow, and a {@code capped} sender whose frequency cap the load
 * sets and that writes and broadcasts to them.
 */
final class Cell {
  /** Uids per cell: the users, then the broadcaster and the capped sender. */
  static final int STRIDE = 16;

  final int index;
  final List<Long> users;
  final long broadcaster;
  final long capped;
  final Ledger ledger = new Ledger();
  /** The broadcaster's followers as acknowledged. */
  final TreeSet<Long> followers = new TreeSet<>();
  /** The capped sender's cap ({@code messages} per day) as acknowledged; 0 before the first. */
  int cap;
  /** Messages each receiver got from the capped sender this UTC day (the cap's window). */
  final Map<Long, Integer> capCounts = new HashMap<>();
  long capDay = -1;
  /** Broadcasts acknowledged and not yet seen done: their expected receiver and capped counts. */
  final List<Broadcast> unfinished = new ArrayList<>();
  /** Key and text numbers: unique in the run (the text names the cell and the number). */
  int next;

  record Broadcast(long id, long receivers, long cappedOut) {}

  Cell(int index, int users, long firstUid) {
    this.index = index;
    long base = firstUid + (long) index * STRIDE;
    this.users = LongStream.range(base, base + users).boxed().toList();
    this.broadcaster = base + STRIDE - 2;
    this.capped = base + STRIDE - 1;
  }

  /** A fresh idempotency key and text. */
  String fresh(String kind) {
    return "c" + index + "-" + kind + "-" + next++;
  }

  /** How many messages {@code receiver} got from the capped sender today (UTC, the cap's window). */
  int capCount(long receiver, long day) {
    if (day != capDay) {
      capCounts.clear();
      capDay = day;
    }
    return capCounts.getOrDefault(receiver, 0);
  }

  void countCapped(long receiver, long day) {
    capCount(receiver, day);
    capCounts.merge(receiver, 1, Integer::sum);
  }
}
