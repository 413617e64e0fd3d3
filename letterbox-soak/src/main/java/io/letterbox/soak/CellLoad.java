package io.letterbox.soak;

import io.letterbox.soak.SoakHttp.Unanswered;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;

/**
 * One worker's mixed load on its cell, one request at a time: sends, history reads, reads marked,
 * deletes, follows, broadcasts and caps, in seeded random order. An acknowledged write goes into
 * the ledger; the one request that got no answer when the server was killed is kept and, after
 * the restart, done again: its answer says whether it had been stored (an idempotent replay, a
 * delete already done) or not (then it is stored now), so the ledger is exact again.
 */
final class CellLoad {
  /** One operation, with its random choices made; {@code redo} when done again after a kill. */
  interface Op {
    void run(boolean redo) throws Unanswered;
  }

  private final Cell cell;
  private final Tally tally;
  private final SplittableRandom random;
  private final Writes writes;
  private Op pending;

  CellLoad(Cell cell, Tally tally, IdOrder ids, SplittableRandom random) {
    this.cell = cell;
    this.tally = tally;
    this.random = random;
    this.writes = new Writes(cell, tally, ids);
  }

  /** Runs operations until {@code stop} or until one goes unanswered (the server is gone). */
  void load(SoakHttp http, int life, BooleanSupplier stop) {
    writes.on(http, life);
    while (!stop.getAsBoolean()) {
      Op op = pick();
      try {
        op.run(false);
      } catch (Unanswered e) {
        tally.unanswered.incrementAndGet();
        pending = op;
        return;
      }
    }
  }

  /** After a restart: the unanswered operation again, settling whether it had happened. */
  void resolve(SoakHttp http, int life) throws Unanswered {
    writes.on(http, life);
    if (pending != null) {
      Op op = pending;
      pending = null;
      op.run(true);
    }
  }

  private Op pick() {
    if (cell.cap == 0) {
      return cap();
    }
    int r = random.nextInt(100);
    if (r < 35) {
      long from = user();
      long to = other(from);
      String key = cell.fresh("m");
      return redo -> writes.send(from, to, key, redo);
    } else if (r < 45) {
      long to = user();
      String key = cell.fresh("m");
      return redo -> writes.send(cell.capped, to, key, redo);
    } else if (r < 58) {
      return readPage();
    } else if (r < 70) {
      return markRead();
    } else if (r < 78) {
      return delete();
    } else if (r < 85) {
      long uid = user();
      boolean follow = !cell.followers.contains(uid);
      return redo -> writes.follow(uid, follow);
    } else if (r < 95) {
      return broadcast();
    }
    return cap();
  }

  private Op cap() {
    int messages = 1 + random.nextInt(3);
    return redo -> writes.cap(messages);
  }

  private Op broadcast() {
    String key = cell.fresh("b");
    if (random.nextBoolean() && !cell.followers.isEmpty()) {
      Set<Long> audience = Set.copyOf(cell.followers);
      return redo -> writes.broadcast(cell.broadcaster, audience, true, key, redo);
    }
    long from = random.nextBoolean() ? cell.broadcaster : cell.capped;
    List<Long> uids = new ArrayList<>();
    cell.users.forEach(u -> {
      if (random.nextInt(3) > 0) {
        uids.add(u);
      }
    });
    if (uids.isEmpty()) {
      uids.add(user()); // an empty uid list is refused (400), not a broadcast
    }
    Set<Long> audience = Set.copyOf(uids);
    return redo -> writes.broadcast(from, audience, false, key, redo);
  }

  private Op readPage() {
    Ledger.View view = someView();
    if (view == null) {
      return redo -> { };
    }
    return redo -> tally.check(writes.http().get("/v1/users/" + view.owner() + "/conversations/" + view.peer()
        + "/messages?limit=" + (1 + random.nextInt(50))).status() == 200, "history page of " + view);
  }

  private Op markRead() {
    Ledger.View view = someView();
    if (view == null) {
      return redo -> { };
    }
    long upTo = some(cell.ledger.visible(view));
    String device = random.nextBoolean() ? "pc" : "mobile";
    return redo -> writes.markRead(view, device, upTo);
  }

  private Op delete() {
    Ledger.View view = someView();
    if (view == null) {
      return redo -> { };
    }
    long id = some(cell.ledger.visible(view));
    return redo -> writes.delete(view.owner(), id, redo);
  }

  /** A conversation of one of the users that shows at least one message, or null. */
  private Ledger.View someView() {
    List<Ledger.View> views = cell.ledger.views().stream()
        .filter(v -> cell.users.contains(v.owner()) && !cell.ledger.visible(v).isEmpty()).sorted(
            java.util.Comparator.comparingLong(Ledger.View::owner).thenComparingLong(Ledger.View::peer)).toList();
    return views.isEmpty() ? null : views.get(random.nextInt(views.size()));
  }

  private long some(java.util.NavigableSet<Long> ids) {
    int skip = random.nextInt(ids.size());
    return ids.stream().skip(skip).findFirst().orElseThrow();
  }

  private long user() {
    return cell.users.get(random.nextInt(cell.users.size()));
  }

  private long other(long from) {
    long to;
    do {
      to = user();
    } while (to == from);
    return to;
  }
}
