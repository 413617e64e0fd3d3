package io.letterbox.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every scenario runs end to end at a tiny size, with the push-rocksdb baseline (it needs no
 * server), and writes a result file with the fields docs/benchmarks.md describes, and its
 * Markdown table. Figures are
 * never asserted: this machine's speed is nobody's specification.
 */
class ScenariosSmokeTest {
  @TempDir
  Path tmp;

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "send             | --messages 300 --warmup 50 --users 200",
      "read-page        | --messages 2000 --conversations 100 --users 300 --seconds 0.2 --threads 1",
      "mixed            | --preload 1000 --conversations 100 --users 300 --rate 300 --seconds 1",
      "broadcast-fanout | --receivers 2000",
      "hot-sender       | --receivers 2000 --seconds 0.2 --threads 1",
      "conversation-list | --owner-sizes 100,1k --users 300 --broadcasters 30 --restarts 2 --pages 10 --sends 200"
          + " --warmup 50 --seconds 0.2 --threads 1 --keep-page-cache",
  })
  void scenarioRunsAndWritesItsResultFile(String scenario, String options) throws IOException {
    List<String> args = new ArrayList<>(List.of(scenario, "--size", "tiny", "--baseline", "push-rocksdb",
        "--no-progress", "--out", tmp.resolve("out").toString(), "--dir", tmp.resolve("data").toString()));
    args.addAll(List.of(options.trim().split("\\s+")));

    int exit = BenchMain.commandLine().execute(args.toArray(String[]::new));

    assertThat(exit).isZero();
    JsonNode result = new ObjectMapper().readTree(onlyResultFile(scenario).toFile());
    assertThat(result.get("scenario").asText()).isEqualTo(scenario);
    assertThat(result.get("machine").get("cpus").asInt()).isPositive();
    assertThat(result.get("parameters").get("seed").asLong()).isEqualTo(42);
    assertThat(result.get("targets")).extracting(t -> t.get("name").asText())
        .containsExactly("letterbox", "push-rocksdb");
    assertThat(result.get("results")).isNotEmpty();
    for (JsonNode row : result.get("results")) {
      assertThat(row.get("skipped").isNull() ? row.get("figures").size() : 1).isPositive();
    }
    assertThat(result.get("ratioMeaning").asText()).isNotBlank();
  }

  private Path onlyResultFile(String scenario) throws IOException {
    try (Stream<Path> files = Files.list(tmp.resolve("out"))) {
      List<String> found = files.map(f -> f.getFileName().toString()).filter(f -> f.startsWith(scenario + "-")).toList();
      assertThat(found).hasSize(2).anyMatch(f -> f.endsWith(".md"));
      return tmp.resolve("out").resolve(found.stream().filter(f -> f.endsWith(".json")).findFirst().orElseThrow());
    }
  }
}
