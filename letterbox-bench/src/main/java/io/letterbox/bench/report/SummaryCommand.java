package io.letterbox.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code summary FILE...}: the headline form of several runs of one command, each figure as its
 * median with the range (lowest–highest) over the runs, and each baseline's ratio to Letterbox
 * likewise (the median of the runs' ratios, each taken within its own run). It refuses files of
 * different commands, and files from a checkout with uncommitted changes unless told otherwise.
 */
@Command(name = "summary", mixinStandardHelpOptions = true,
    description = "Median and range of each figure over several result files of the same command.")
public final class SummaryCommand implements Callable<Integer> {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Parameters(arity = "2..*", paramLabel = "FILE", description = "Result files (.json) of runs of one command.")
  List<Path> files;

  @Option(names = "--allow-dirty", description = "Accept runs from a checkout with uncommitted changes.")
  boolean allowDirty;

  @Option(names = "--out", description = "Write the table to this Markdown file too.")
  Path out;

  /** (operation, target, figure) → the values of the runs, in file order. */
  private final Map<List<String>, List<Double>> values = new LinkedHashMap<>();
  private final Map<List<String>, List<Double>> ratios = new LinkedHashMap<>();

  @Override
  public Integer call() throws Exception {
    String command = null;
    List<String> commits = new ArrayList<>();
    for (Path file : files) {
      JsonNode run = JSON.readTree(file.toFile());
      String c = measured(run.path("parameters").path("command").asText());
      if (command != null && !command.equals(c)) {
        System.err.println(file + " is of another command: '" + c + "', not '" + command + "'");
        return 2;
      }
      command = c;
      String commit = run.path("machine").path("commit").asText();
      if (commit.endsWith("+dirty") && !allowDirty) {
        System.err.println(file + " comes from a checkout with uncommitted changes (" + commit + ")");
        return 2;
      }
      commits.add(commit);
      for (JsonNode row : run.path("results")) {
        if (!row.path("failed").isNull() || !row.path("skipped").isNull()) {
          continue;
        }
        add(values, row, row.path("figures"));
        add(ratios, row, row.path("ratiosToLetterbox"));
      }
    }
    StringBuilder md = new StringBuilder();
    md.append("`").append(command).append("`, ").append(files.size()).append(" runs (commits ")
        .append(String.join(", ", commits.stream().distinct().toList())).append("): median (lowest–highest)\n\n")
        .append("| operation | target | figure | median (range) | ratio to letterbox |\n|---|---|---|---|---|\n");
    for (Map.Entry<List<String>, List<Double>> e : values.entrySet()) {
      List<String> k = e.getKey();
      List<Double> r = ratios.get(k);
      md.append("| ").append(k.get(0)).append(" | ").append(k.get(1)).append(" | ").append(k.get(2)).append(" | ")
          .append(spread(e.getValue(), files.size())).append(" | ")
          .append(r == null ? "" : spread(r, files.size()) + "×").append(" |\n");
    }
    System.out.print(md);
    if (out != null) {
      Files.writeString(out, md.toString());
    }
    return 0;
  }

  private static void add(Map<List<String>, List<Double>> into, JsonNode row, JsonNode figures) {
    figures.fields().forEachRemaining(f -> into.computeIfAbsent(
        List.of(row.path("operation").asText(), row.path("target").asText(), f.getKey()), k -> new ArrayList<>())
        .add(f.getValue().asDouble()));
  }

  /** The median and range; a figure missing from some runs says in how many it was. */
  static String spread(List<Double> runs, int of) {
    List<Double> sorted = new ArrayList<>(runs);
    Collections.sort(sorted);
    int n = sorted.size();
    double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    String s = Table.number(median) + " (" + Table.number(sorted.get(0)) + "–" + Table.number(sorted.get(n - 1)) + ")";
    return n == of ? s : s + " [" + n + " of " + of + " runs]";
  }

  /**
   * The command without {@code --out}, {@code --dir} and {@code --keep-data}: where a run wrote its
   * result file, where it kept its stores and whether it left them behind do not change what it measured.
   */
  static String measured(String command) {
    return command.replaceAll(" --(out|dir)(=| )\\S+", "").replace(" --keep-data", "");
  }
}
