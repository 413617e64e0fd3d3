package io.letterbox.bench.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Prints a report as a table: a block per operation, a line per figure, a column per target,
 * each baseline's figure followed by its ratio to Letterbox's, then what was skipped and why.
 */
public final class Table {
  private static final int FIRST = 34;
  private static final int COLUMN = 24;

  private Table() {}

  public static void print(Report report, PrintStream out) {
    List<String> targets = new ArrayList<>();
    report.targets().forEach(t -> targets.add(t.name()));
    out.printf("%n== %s (%s, %.0f s) ==%n", report.scenario(), report.machine().commit(), report.seconds());
    out.print(pad("", FIRST));
    targets.forEach(t -> out.print(pad(t, COLUMN)));
    out.println();
    Set<String> operations = new LinkedHashSet<>();
    report.rows().forEach(r -> operations.add(r.operation()));
    for (String operation : operations) {
      out.println(operation);
      Set<String> figures = new LinkedHashSet<>();
      report.rows().stream().filter(r -> r.operation().equals(operation)).forEach(r -> figures.addAll(r.figures().keySet()));
      if (figures.isEmpty()) {
        figures.add("");
      }
      for (String figure : figures) {
        out.print(pad("  " + figure, FIRST));
        for (String target : targets) {
          out.print(pad(cell(report.find(operation, target), figure), COLUMN));
        }
        out.println();
      }
    }
    printSkips(report, out);
    report.targets().stream().filter(t -> t.note() != null).forEach(t -> out.println("  " + t.name() + ": " + t.note()));
    report.goals().forEach(g -> out.println("goal: " + g.describe()));
    report.checks().forEach(c -> out.println(c.describe()));
    report.notes().forEach(n -> out.println("note: " + n));
  }

  private static void printSkips(Report report, PrintStream out) {
    for (TargetStatus t : report.targets()) {
      if (t.status().equals("skipped")) {
        out.println("skipped " + t.name() + ": " + t.reason());
      }
    }
    for (Row r : report.rows()) {
      if (r.skipped() != null) {
        out.println("skipped " + r.operation() + " on " + r.target() + ": " + r.skipped());
      }
      if (r.failed() != null) {
        out.println("FAILED " + r.operation() + " on " + r.target() + ": " + r.failed());
      }
    }
  }

  static String cell(Row row, String figure) {
    if (row == null) {
      return "-";
    }
    if (row.skipped() != null) {
      return "skipped";
    }
    if (row.failed() != null) {
      return "FAILED";
    }
    Double value = row.figures().get(figure);
    if (value == null) {
      return "-";
    }
    Double ratio = row.ratiosToLetterbox().get(figure);
    return number(value) + (ratio == null ? "" : String.format(" (%sx)", ratioText(ratio)));
  }

  public static String number(double v) {
    double a = Math.abs(v);
    if (a >= 1000) {
      return String.format("%,.0f", v);
    }
    if (a >= 100) {
      return String.format("%.0f", v);
    }
    if (a >= 10) {
      return String.format("%.1f", v);
    }
    return String.format("%.3f", v);
  }

  private static String ratioText(double r) {
    return r >= 10 ? String.format("%.0f", r) : r >= 1 ? String.format("%.2f", r) : String.format("%.3f", r);
  }

  private static String pad(String s, int width) {
    return s.length() >= width ? s + " " : s + " ".repeat(width - s.length());
  }
}
