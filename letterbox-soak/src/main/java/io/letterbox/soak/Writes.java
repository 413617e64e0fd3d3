package io.letterbox.soak;

import static io.letterbox.soak.SoakHttp.object;

import io.letterbox.soak.SoakHttp.Answer;
import io.letterbox.soak.SoakHttp.Unanswered;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Set;

/**
 * A cell's writes over HTTP and what their answers mean for its ledger. Each is also how an
 * unanswered write is settled after a restart ({@code redo}): done again with the same
 * idempotency key or the same effect, it must not be stored twice.
 */
final class Writes {
  private final Cell cell;
  private final Tally tally;
  private final IdOrder ids;
  private SoakHttp http;
  private int life;

  Writes(Cell cell, Tally tally, IdOrder ids) {
    this.cell = cell;
    this.tally = tally;
    this.ids = ids;
  }

  void on(SoakHttp http, int life) {
    this.http = http;
    this.life = life;
  }

  SoakHttp http() {
    return http;
  }

  void send(long from, long to, String key, boolean redo) throws Unanswered {
    boolean capped = from == cell.capped && cell.capCount(to, today()) >= cell.cap;
    String request = object("from", from, "to", to, "text", key, "idempotencyKey", key);
    Answer a = http.post("/v1/messages", request);
    String what = "send " + key + " " + from + "→" + to + (redo ? " (again after the kill)" : "");
    if (a.status() == 201) {
      if (!nearMidnight()) {
        tally.check(!capped, what + ": stored although " + to + " was at the cap " + cell.cap);
      }
      stored(a, from, Set.of(to), false, key, request, life, redo);
    } else if (a.status() == 200 && redo) {
      stored(a, from, Set.of(to), false, key, request, life - 1, redo);
    } else if (a.status() == 429 && from == cell.capped) {
      if (!nearMidnight()) {
        tally.check(capped, what + ": capped although " + to + " had " + cell.capCount(to, today())
            + " of " + cell.cap);
      }
      if (redo) {
        tally.inFlightNotStored.incrementAndGet();
      }
    } else {
      tally.mismatch(what + " answered " + a);
    }
  }

  void broadcast(long from, Set<Long> requested, boolean followers, String key, boolean redo) throws Unanswered {
    Set<Long> reached = new HashSet<>();
    requested.forEach(u -> {
      if (from != cell.capped || cell.capCount(u, today()) < cell.cap) {
        reached.add(u);
      }
    });
    Long before = redo ? unknownBroadcast(from) : null;
    var audience = SoakHttp.JSON.createObjectNode().put("type", followers ? "followers" : "uids");
    if (!followers) {
      requested.forEach(u -> audience.withArray("uids").add(Long.toString(u)));
    }
    String request = object("from", from, "text", key, "audience", audience, "idempotencyKey", key);
    Answer a = http.post("/v1/broadcasts", request);
    if (a.status() != 202) {
      tally.mismatch("broadcast " + key + " answered " + a);
      return;
    }
    if (before != null) {
      tally.check(before == Long.parseLong(a.id()), "broadcast " + key + " again after the kill: id " + a.id()
          + ", but the server had stored it as " + before);
    }
    stored(a, from, reached, true, key, request, before != null ? life - 1 : life, redo);
    cell.unfinished.add(new Cell.Broadcast(Long.parseLong(a.id()), reached.size(), requested.size() - reached.size()));
  }

  /** The sender's broadcast the ledger does not know (stored before the kill, unanswered), or null. */
  private Long unknownBroadcast(long from) throws Unanswered {
    Long unknown = null;
    for (var b : http.get("/v1/users/" + from + "/broadcasts?limit=10").body().path("items")) {
      long id = b.path("id").asLong();
      if (!cell.ledger.has(id)) {
        if (unknown != null) {
          tally.duplicated("broadcasts " + unknown + " and " + id + " of " + from + " unknown to the ledger");
        }
        unknown = id;
      }
    }
    return unknown;
  }

  private void stored(Answer a, long from, Set<Long> to, boolean broadcast, String key, String request, int createdIn,
      boolean redo) {
    long id = Long.parseLong(a.id());
    cell.ledger.add(new Ledger.Message(id, from, to, broadcast, key, request, createdIn));
    ids.created(createdIn, id);
    if (from == cell.capped) {
      long day = LocalDate.parse(a.body().path("createdAt").asText(Instant.now().toString()).substring(0, 10))
          .toEpochDay();
      to.forEach(u -> cell.countCapped(u, day));
    }
    settled(redo, createdIn < life);
  }

  void delete(long owner, long id, boolean redo) throws Unanswered {
    Answer a = http.delete("/v1/users/" + owner + "/messages/" + id);
    if (a.status() == 204 || (redo && a.status() == 404)) {
      cell.ledger.delete(owner, id);
      settled(redo, a.status() == 404);
    } else {
      tally.mismatch("delete of " + id + " by " + owner + " answered " + a);
    }
  }

  void markRead(Ledger.View view, String device, long upTo) throws Unanswered {
    Answer a = http.post("/v1/users/" + view.owner() + "/conversations/" + view.peer() + "/read",
        object("device", device, "upTo", upTo));
    expect204(a, "read of " + view + " on " + device + " up to " + upTo);
    cell.ledger.markRead(view, device, upTo);
  }

  void follow(long uid, boolean follow) throws Unanswered {
    String path = "/v1/users/" + uid + "/following/" + cell.broadcaster;
    expect204(follow ? http.put(path, null) : http.delete(path), (follow ? "follow " : "unfollow ") + path);
    if (follow) {
      cell.followers.add(uid);
    } else {
      cell.followers.remove(uid);
    }
  }

  void cap(int messages) throws Unanswered {
    expect204(http.put("/v1/senders/" + cell.capped + "/cap", object("messages", messages, "period", "P1D")),
        "cap of " + cell.capped);
    cell.cap = messages;
  }

  private void expect204(Answer a, String what) {
    if (a.status() == 204) {
      tally.acknowledged.incrementAndGet();
    } else {
      tally.mismatch(what + " answered " + a);
    }
  }

  private void settled(boolean redo, boolean hadHappened) {
    tally.acknowledged.incrementAndGet();
    if (redo) {
      (hadHappened ? tally.inFlightStored : tally.inFlightNotStored).incrementAndGet();
    }
  }

  private static long today() {
    return LocalDate.now(ZoneOffset.UTC).toEpochDay();
  }

  /** Within 10 s of a UTC midnight the cap's window may have turned between the ledger and the server. */
  private static boolean nearMidnight() {
    long ms = System.currentTimeMillis() % 86_400_000L;
    return ms < 10_000 || ms > 86_390_000L;
  }
}
