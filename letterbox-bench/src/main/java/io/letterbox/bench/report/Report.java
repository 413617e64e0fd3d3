package io.letterbox.bench.report;

import io.letterbox.bench.targets.LetterboxTarget;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The outcome of one scenario run, as it is printed and written: its parameters, the targets
 * (with the skipped ones and why), and a row per operation and target. Ratios to Letterbox are
 * filled in by {@link #finish}.
 */
public final class Report {
  private final String scenario;
  private final Instant started = Instant.now();
  private final Map<String, Object> parameters = new LinkedHashMap<>();
  private final List<TargetStatus> targets = new ArrayList<>();
  private final List<Row> rows = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private final List<Goal> goals = new ArrayList<>();
  private final List<Check> checks = new ArrayList<>();
  private Machine machine;
  private double seconds;

  public Report(String scenario) {
    this.scenario = scenario;
  }

  public String scenario() {
    return scenario;
  }

  public void parameter(String name, Object value) {
    parameters.put(name, value);
  }

  public void target(String name, String note) {
    targets.add(new TargetStatus(name, "ok", null, note));
  }

  public void targetSkipped(String name, String reason) {
    targets.add(new TargetStatus(name, "skipped", reason, null));
  }

  /** {@code name} was asked for but could not be opened for a reason other than the machine's: the run fails. */
  public synchronized void targetFailed(String name, String reason) {
    targets.add(new TargetStatus(name, "failed", reason, null));
    fail("start", name, reason);
  }

  public void note(String note) {
    notes.add(note);
  }

  /** A figure measured beside the goal set for it. */
  public synchronized void goal(Goal goal) {
    goals.add(goal);
  }

  /**
   * Answers of {@code target} checked under {@code name}: recorded as a check, and when one was
   * wrong also as a failed row of that name, so that the run fails.
   */
  public synchronized void check(String name, String target, boolean passed, long answers, String detail) {
    checks.add(new Check(name, target, passed, answers, detail));
    if (!passed) {
      fail(name, target, detail);
    }
  }

  public synchronized void add(String operation, String target, Map<String, Double> figures) {
    rows.add(new Row(operation, target, new LinkedHashMap<>(figures), new LinkedHashMap<>(), null, null, null));
  }

  /** A row of operations timed one at a time, with each sample in ms, in the order taken. */
  public synchronized void add(String operation, String target, Map<String, Double> figures, List<Double> samplesMs) {
    rows.add(new Row(operation, target, new LinkedHashMap<>(figures), new LinkedHashMap<>(), null, null,
        List.copyOf(samplesMs)));
  }

  public synchronized void skip(String operation, String target, String reason) {
    rows.add(new Row(operation, target, new LinkedHashMap<>(), new LinkedHashMap<>(), reason, null, null));
  }

  /** Every attempt of {@code operation} on {@code target} failed: nothing measured, and the run fails. */
  public synchronized void fail(String operation, String target, String reason) {
    rows.add(new Row(operation, target, new LinkedHashMap<>(), new LinkedHashMap<>(), null, reason, null));
  }

  /** The rows whose operation failed on its target. */
  public synchronized List<Row> failures() {
    return rows.stream().filter(r -> r.failed() != null).toList();
  }

  /** Fills in each baseline figure's ratio to Letterbox's figure of the same operation. */
  public void finish(Machine machine) {
    this.machine = machine;
    this.seconds = (System.currentTimeMillis() - started.toEpochMilli()) / 1000.0;
    for (Row row : rows) {
      Row reference = find(row.operation(), LetterboxTarget.NAME);
      if (reference == null || row.target().equals(LetterboxTarget.NAME)) {
        continue;
      }
      row.figures().forEach((name, value) -> {
        Double base = reference.figures().get(name);
        if (base != null && base != 0) {
          row.ratiosToLetterbox().put(name, value / base);
        }
      });
    }
  }

  public Row find(String operation, String target) {
    for (Row r : rows) {
      if (r.operation().equals(operation) && r.target().equals(target)) {
        return r;
      }
    }
    return null;
  }

  public Instant started() {
    return started;
  }

  public Map<String, Object> parameters() {
    return parameters;
  }

  public List<TargetStatus> targets() {
    return targets;
  }

  public List<Row> rows() {
    return rows;
  }

  public List<String> notes() {
    return notes;
  }

  public List<Goal> goals() {
    return goals;
  }

  public List<Check> checks() {
    return checks;
  }

  public Machine machine() {
    return machine;
  }

  public double seconds() {
    return seconds;
  }
}
