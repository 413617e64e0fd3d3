package io.letterbox.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.letterbox.hbase.MiniHBase;
import io.letterbox.hbase.MiniHBaseExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --store hbase}: the scenarios that take it run Letterbox on an HBase cluster (here the
 * mini cluster), with HBase's own buffered mutator writing the same cells beside it, and leave
 * no namespace behind. Figures are never asserted.
 */
@ExtendWith(MiniHBaseExtension.class)
class HBaseScenariosTest {
  @TempDir
  Path tmp;

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "send  | --messages 300 --warmup 50 --users 200",
      "mixed | --preload 500 --conversations 50 --users 200 --rate 200 --seconds 1",
  })
  void scenarioRunsLetterboxOnHBaseBesideTheBufferedMutator(String scenario, String options, MiniHBase hbase)
      throws IOException {
    List<String> args = new ArrayList<>(List.of(scenario, "--size", "tiny", "--store", "hbase", "--hbase-quorum",
        hbase.quorum(), "--baseline", "hbase-buffered-mutator", "--no-progress", "--out", tmp.resolve("out").toString(),
        "--dir", tmp.resolve("data").toString()));
    args.addAll(List.of(options.trim().split("\\s+")));

    int exit = BenchMain.commandLine().execute(args.toArray(String[]::new));

    assertThat(exit).isZero();
    JsonNode result = new ObjectMapper().readTree(resultFile(scenario).toFile());
    assertThat(result.get("parameters").get("store").asText()).isEqualTo("hbase");
    assertThat(result.get("targets")).extracting(t -> t.get("name").asText() + " " + t.get("status").asText())
        .containsExactly("letterbox ok", "hbase-buffered-mutator ok");
    List<String> measured = new ArrayList<>();
    result.get("results").forEach(row -> measured.add(row.get("operation").asText() + " " + row.get("target").asText()
        + (row.get("skipped").isNull() ? "" : " skipped")));
    if (scenario.equals("send")) {
      assertThat(measured).contains("send 1:1 (durable) letterbox", "send 1:1 (durable) hbase-buffered-mutator");
    } else {
      assertThat(measured).contains("mixed: all letterbox", "mixed: all hbase-buffered-mutator skipped");
    }
    assertThat(hbase.connection().getAdmin().listNamespaceDescriptors().join()).extracting(NamespaceDescriptor::getName)
        .noneMatch(name -> name.startsWith("bench_"));
  }

  @Test
  void storeHBaseWithoutAQuorumIsAUsageError() {
    int exit = BenchMain.commandLine().execute("send", "--size", "tiny", "--store", "hbase", "--no-progress",
        "--out", tmp.resolve("out").toString());

    assertThat(exit).isEqualTo(2);
    assertThat(tmp.resolve("out")).doesNotExist();
  }

  private Path resultFile(String scenario) throws IOException {
    try (Stream<Path> files = Files.list(tmp.resolve("out"))) {
      return files.filter(f -> f.getFileName().toString().startsWith(scenario + "-") && f.toString().endsWith(".json"))
          .findFirst().orElseThrow();
    }
  }
}
