package io.letterbox.soak;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.soak.SoakHttp.Answer;
import io.letterbox.soak.SoakHttp.Unanswered;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Checks a quiet cell (no request in flight) against its ledger after a restart: the cap as set,
 * every broadcast done with the receivers and capped counts the ledger implies, every conversation
 * history holding exactly the messages the owner should see (each once), unread counts per device,
 * and the messages acknowledged since the last check read one by one and their idempotency keys
 * replayed (the same id, nothing new stored).
 */
final class CellVerifier {
  private static final List<String> DEVICES = List.of("pc", "mobile");

  private final Cell cell;
  private final Tally tally;
  private final SoakHttp http;

  CellVerifier(Cell cell, Tally tally, SoakHttp http) {
    this.cell = cell;
    this.tally = tally;
    this.http = http;
  }

  /** {@code everyMessage}: read every message back one by one, not only the new ones (the final check). */
  void verify(boolean everyMessage) throws Unanswered, InterruptedException {
    Answer cap = http.get("/v1/senders/" + cell.capped + "/cap");
    tally.check(cap.status() == 200 && cap.body().path("messages").asInt() == cell.cap
        && cap.body().path("period").asText().equals("P1D"), "cap of " + cell.capped + " is " + cap + ", set to "
        + cell.cap + " per P1D");
    new BroadcastsDone(cell, tally, http).await();
    for (Ledger.View view : new ArrayList<>(cell.ledger.views())) {
      history(view);
    }
    List<Ledger.Message> fresh = cell.ledger.takeUnverified();
    for (Ledger.Message m : everyMessage ? listOf(cell.ledger.messages()) : fresh) {
      readBack(m);
    }
    for (Ledger.Message m : fresh) {
      replay(m);
    }
    for (long user : cell.users) {
      for (String device : DEVICES) {
        unread(user, device);
      }
    }
  }

  /** The view's history, every page: exactly the ledger's ids, each once. */
  private void history(Ledger.View view) throws Unanswered {
    List<Long> seen = new ArrayList<>();
    String cursor = null;
    do {
      String q = cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8);
      Answer page = http.get("/v1/users/" + view.owner() + "/conversations/" + view.peer() + "/messages?limit=100" + q);
      if (page.status() != 200) {
        tally.mismatch("history of " + view + " answered " + page);
        return;
      }
      page.body().path("items").forEach(m -> seen.add(m.path("id").asLong()));
      JsonNode next = page.body().path("next");
      cursor = next.isTextual() ? next.asText() : null;
    } while (cursor != null);
    Set<Long> once = new HashSet<>();
    for (long id : seen) {
      if (!once.add(id)) {
        tally.duplicated("message " + id + " twice in the history of " + view);
      } else if (cell.ledger.visible(view).contains(id)) {
        tally.verified.incrementAndGet();
      } else if (cell.ledger.has(id)) {
        tally.mismatch("message " + id + " deleted by " + view.owner() + " is back in the history of " + view);
      } else {
        tally.duplicated("message " + id + " in the history of " + view + " is no acknowledged write (a second copy?)");
      }
    }
    for (long id : cell.ledger.visible(view)) {
      if (!once.contains(id)) {
        Ledger.Message m = cell.ledger.message(id);
        tally.lost("message " + id + " (" + m.key() + ", life " + m.life() + ") missing from the history of " + view);
      }
    }
  }

  /** The message by id, for each party and each capped-out receiver: there iff the ledger says it sees it. */
  private void readBack(Ledger.Message m) throws Unanswered {
    Set<Long> parties = new HashSet<>(m.receivers());
    if (m.broadcast()) {
      parties.addAll(cell.users);
    } else {
      parties.add(m.from());
    }
    for (long owner : parties) {
      int status = http.get("/v1/users/" + owner + "/messages/" + m.id()).status();
      boolean sees = cell.ledger.sees(owner, m);
      if (sees && status == 404) {
        tally.lost("message " + m.id() + " (" + m.key() + ") not found by " + owner);
      } else {
        tally.check(status == (sees ? 200 : 404), "message " + m.id() + " (" + m.key() + ") read by " + owner
            + ": " + status + ", expected " + (sees ? 200 : 404));
      }
    }
  }

  /** The same write again with its idempotency key: the first id, nothing stored. */
  private void replay(Ledger.Message m) throws Unanswered {
    Answer a = http.post(m.broadcast() ? "/v1/broadcasts" : "/v1/messages", m.request());
    boolean same = a.ok() && a.status() != 201 && a.id().equals(Long.toString(m.id()));
    if (!same && a.status() == 201) {
      tally.duplicated("send " + m.key() + " again stored a second copy: " + a);
    } else {
      tally.check(same, "replay of " + m.key() + " (id " + m.id() + ") answered " + a);
    }
  }

  private void unread(long user, String device) throws Unanswered {
    Answer a = http.get("/v1/users/" + user + "/unread?device=" + device);
    Map<Long, Long> counts = new TreeMap<>();
    a.body().path("conversations").forEach(c -> counts.put(c.path("peer").asLong(), c.path("count").asLong()));
    Map<Long, Long> expected = cell.ledger.unread(user, device);
    long total = expected.values().stream().mapToLong(Long::longValue).sum();
    tally.check(a.status() == 200 && counts.equals(expected) && a.body().path("total").asLong() == total,
        "unread of " + user + " on " + device + ": " + a + ", expected " + expected + " total " + total);
  }

  private static <T> List<T> listOf(Iterable<T> items) {
    List<T> out = new ArrayList<>();
    items.forEach(out::add);
    return out;
  }
}
