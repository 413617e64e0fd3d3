package io.letterbox.soak;

import io.letterbox.soak.SoakHttp.Answer;
import io.letterbox.soak.SoakHttp.Unanswered;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;

/**
 * Waits for a cell's acknowledged broadcasts to be done (a killed fan-out resumes on restart) and
 * checks each one's receiver and capped counts against the ledger's; the receivers themselves are
 * checked in their histories.
 */
final class BroadcastsDone {
  private static final long PATIENCE_SECONDS = 120;

  private final Cell cell;
  private final Tally tally;
  private final SoakHttp http;

  BroadcastsDone(Cell cell, Tally tally, SoakHttp http) {
    this.cell = cell;
    this.tally = tally;
    this.http = http;
  }

  void await() throws Unanswered, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(PATIENCE_SECONDS);
    for (Iterator<Cell.Broadcast> it = cell.unfinished.iterator(); it.hasNext(); ) {
      Cell.Broadcast b = it.next();
      Answer a = http.get("/v1/broadcasts/" + b.id());
      while (a.status() == 200 && isRunning(a) && System.nanoTime() < deadline) {
        Thread.sleep(50);
        a = http.get("/v1/broadcasts/" + b.id());
      }
      if (a.status() == 404) {
        tally.lost("broadcast " + b.id() + " unknown to the server");
      } else {
        tally.check(a.status() == 200 && a.body().path("status").asText().equals("done")
            && a.body().path("receivers").asLong() == b.receivers()
            && a.body().path("capped").asLong() == b.cappedOut(), "broadcast " + b.id() + ": " + a
            + ", expected done with " + b.receivers() + " receivers and " + b.cappedOut() + " capped");
      }
      it.remove();
    }
  }

  private static boolean isRunning(Answer a) {
    String status = a.body().path("status").asText();
    return status.equals("queued") || status.equals("running");
  }
}
