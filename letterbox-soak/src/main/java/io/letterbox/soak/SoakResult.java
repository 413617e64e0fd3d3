package io.letterbox.soak;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A soak run's result file, {@code soak-<UTC time>.json}: its parameters, its figures (kills,
 * writes acknowledged, checks verified, and what was lost, duplicated or mismatched), whether it
 * was clean, and the first problems found.
 */
final class SoakResult {
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  /** Problems written to the file at most; the output has them all. */
  private static final int PROBLEMS = 50;

  private final Instant started = Instant.now();
  private final Map<String, Object> parameters;

  SoakResult(Map<String, Object> parameters) {
    this.parameters = parameters;
  }

  /** Writes the file into {@code dir}; @return its path */
  Path write(Tally t, int kills, Path dir) throws IOException {
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("kills", kills);
    figures.put("writes acknowledged", t.acknowledged.get());
    figures.put("unanswered at a kill", t.unanswered.get());
    figures.put("of those stored", t.inFlightStored.get());
    figures.put("checks verified", t.verified.get());
    figures.put("lost", t.lost.get());
    figures.put("duplicated", t.duplicated.get());
    figures.put("mismatched", t.mismatched.get());
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("tool", "soak");
    root.put("startedAt", started.toString());
    root.put("seconds", (System.currentTimeMillis() - started.toEpochMilli()) / 1000.0);
    root.put("cpus", Runtime.getRuntime().availableProcessors());
    root.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
    root.put("parameters", parameters);
    root.put("figures", figures);
    root.put("clean", t.clean());
    root.put("problems", t.problems().stream().limit(PROBLEMS).toList());
    Files.createDirectories(dir);
    Path file = dir.resolve("soak-" + STAMP.format(started) + ".json");
    JSON.writeValue(file.toFile(), root);
    return file;
  }

  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
