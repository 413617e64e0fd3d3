package io.letterbox.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Baselines stand apart from scenarios: a scenario reaches a baseline only through the target
 * interfaces, and {@code cli.Baseline} is the one class outside the baselines that names them.
 */
class BaselinesApartTest {
  private static final Path SOURCES = Path.of("src/main/java/io/letterbox/bench");

  @Test
  void onlyTheBaselineRegistryImportsABaseline() throws IOException {
    assertThat(importers("import io.letterbox.bench.baseline.", SOURCES.resolve("baseline")))
        .containsExactly(SOURCES.resolve("cli/Baseline.java"));
  }

  @Test
  void noBaselineImportsAScenario() throws IOException {
    try (Stream<Path> baselines = javaFiles(SOURCES.resolve("baseline"))) {
      assertThat(baselines.filter(f -> read(f).contains("import io.letterbox.bench.scenario.")).toList()).isEmpty();
    }
  }

  private static List<Path> importers(String prefix, Path except) throws IOException {
    try (Stream<Path> files = javaFiles(SOURCES)) {
      return files.filter(f -> !f.startsWith(except)).filter(f -> read(f).contains(prefix)).toList();
    }
  }

  private static Stream<Path> javaFiles(Path dir) throws IOException {
    return Files.walk(dir).filter(f -> f.toString().endsWith(".java")).sorted();
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
