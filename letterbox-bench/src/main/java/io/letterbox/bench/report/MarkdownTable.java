package io.letterbox.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The report as a Markdown table, written next to the JSON result file, so that
 * docs/benchmarks.md can be brought up to date by pasting it: a line per operation and figure,
 * a column per target, each baseline's figure with its ratio to Letterbox's; then the samples of
 * operations timed one at a time, in the order taken.
 */
public final class MarkdownTable {
  private MarkdownTable() {}

  public static String of(Report report) {
    List<String> targets = new ArrayList<>();
    report.targets().forEach(t -> targets.add(t.name()));
    StringBuilder md = new StringBuilder();
    md.append("| operation | figure |");
    targets.forEach(t -> md.append(' ').append(t).append(" |"));
    md.append("\n|---|---|").append("---:|".repeat(targets.size())).append('\n');
    Set<String> operations = new LinkedHashSet<>();
    report.rows().forEach(r -> operations.add(r.operation()));
    for (String operation : operations) {
      Set<String> figures = new LinkedHashSet<>();
      report.rows().stream().filter(r -> r.operation().equals(operation)).forEach(r -> figures.addAll(r.figures().keySet()));
      if (figures.isEmpty()) {
        figures.add("");
      }
      for (String figure : figures) {
        md.append("| ").append(operation).append(" | ").append(figure).append(" |");
        for (String target : targets) {
          md.append(' ').append(Table.cell(report.find(operation, target), figure)).append(" |");
        }
        md.append('\n');
      }
    }
    for (TargetStatus t : report.targets()) {
      if (t.status().equals("skipped")) {
        md.append("\nSkipped ").append(t.name()).append(": ").append(t.reason()).append('\n');
      }
    }
    for (Row r : report.rows()) {
      if (r.samplesMs() != null && !r.samplesMs().isEmpty()) {
        md.append("\nSamples of ").append(r.operation()).append(" on ").append(r.target()).append(", ms in the order taken: ");
        for (int i = 0; i < r.samplesMs().size(); i++) {
          md.append(i == 0 ? "" : ", ").append(String.format(java.util.Locale.ROOT, "%.3g", r.samplesMs().get(i)));
        }
        md.append('\n');
      }
    }
    for (Goal g : report.goals()) {
      md.append("\nGoal: ").append(g.describe()).append('\n');
    }
    for (Check c : report.checks()) {
      md.append('\n').append(c.describe()).append('\n');
    }
    for (Row r : report.failures()) {
      md.append("\nFAILED ").append(r.operation()).append(" on ").append(r.target()).append(": ").append(r.failed())
          .append('\n');
    }
    return md.toString();
  }
}
