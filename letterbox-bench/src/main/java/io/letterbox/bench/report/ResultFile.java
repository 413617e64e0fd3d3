package io.letterbox.bench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes a {@link Report} as {@code <scenario>-<UTC time>.json} (docs/benchmarks.md names its
 * fields) and the same figures as a Markdown table beside it ({@code .md}).
 */
public final class ResultFile {
  static final String RATIO_MEANING = "a baseline's figure divided by Letterbox's same figure in the same run:"
      + " for rates below 1 means slower than Letterbox, for latencies and bytes above 1 means more";
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ResultFile() {}

  public static Path write(Report report, Path dir) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(report.scenario() + "-" + STAMP.format(report.started()) + ".json");
    JSON.writeValue(file.toFile(), tree(report));
    Files.writeString(dir.resolve(file.getFileName().toString().replace(".json", ".md")), MarkdownTable.of(report));
    return file;
  }

  static Map<String, Object> tree(Report report) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("scenario", report.scenario());
    root.put("startedAt", report.started().toString());
    root.put("seconds", report.seconds());
    root.put("machine", report.machine());
    root.put("parameters", report.parameters());
    root.put("targets", report.targets());
    root.put("ratioMeaning", RATIO_MEANING);
    root.put("results", report.rows());
    root.put("goals", report.goals());
    root.put("checks", report.checks());
    root.put("notes", report.notes());
    return root;
  }
}
