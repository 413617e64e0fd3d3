package io.letterbox.soak;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** The soak's counts, shared by the workers, and what went wrong, in words. */
final class Tally {
  final AtomicLong acknowledged = new AtomicLong();
  final AtomicLong unanswered = new AtomicLong();
  /** Unanswered writes found stored after the restart, and found not stored (then done again). */
  final AtomicLong inFlightStored = new AtomicLong();
  final AtomicLong inFlightNotStored = new AtomicLong();
  final AtomicLong verified = new AtomicLong();
  final AtomicLong lost = new AtomicLong();
  final AtomicLong duplicated = new AtomicLong();
  final AtomicLong mismatched = new AtomicLong();
  private final List<String> problems = new ArrayList<>();
  /** Where every write and its answer are written ({@code --trace}), or null. */
  private java.io.PrintStream trace;

  void traceTo(java.io.PrintStream out) {
    trace = out;
  }

  /** One line of the trace: a write and its answer, for reproducing a failure. */
  synchronized void trace(String line) {
    if (trace != null) {
      trace.println(line);
    }
  }

  /** An acknowledged write the server no longer has. */
  void lost(String what) {
    lost.incrementAndGet();
    problem("LOST " + what);
  }

  /** A write the server holds more than once. */
  void duplicated(String what) {
    duplicated.incrementAndGet();
    problem("DUPLICATED " + what);
  }

  /** An answer or a count other than the ledger implies. */
  void mismatch(String what) {
    mismatched.incrementAndGet();
    problem("MISMATCH " + what);
  }

  /** Checks one fact: counts it verified, or a mismatch. */
  void check(boolean holds, String what) {
    if (holds) {
      verified.incrementAndGet();
    } else {
      mismatch(what);
    }
  }

  private synchronized void problem(String line) {
    problems.add(line);
    System.err.println(line);
  }

  synchronized List<String> problems() {
    return new ArrayList<>(problems);
  }

  boolean clean() {
    return lost.get() == 0 && duplicated.get() == 0 && mismatched.get() == 0;
  }
}
