package io.letterbox.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportTest {
  @TempDir
  Path dir;
  private final Machine machine = new Machine(2, 1, "disk", "os", "java", "abc");

  @Test
  void aBaselineFigureIsDividedByLetterboxsSameFigureOfTheSameOperation() {
    Report report = new Report("send");
    report.add("send", "letterbox", Figures.of("msgs/s", 100, "p99 ms", 2));
    report.add("send", "mariadb", Figures.of("msgs/s", 25, "p99 ms", 8));

    report.finish(machine);

    assertThat(report.find("send", "mariadb").ratiosToLetterbox()).containsEntry("msgs/s", 0.25).containsEntry("p99 ms", 4.0);
    assertThat(report.find("send", "letterbox").ratiosToLetterbox()).isEmpty();
  }

  @Test
  void withoutALetterboxFigureThereIsNoRatio() {
    Report report = new Report("broadcast-fanout");
    report.skip("broadcast", "letterbox", "broadcasts not implemented yet");
    report.add("broadcast", "push-rocksdb", Figures.of("seconds", 3));

    report.finish(machine);

    assertThat(report.find("broadcast", "push-rocksdb").ratiosToLetterbox()).isEmpty();
    assertThat(report.find("broadcast", "letterbox").skipped()).isEqualTo("broadcasts not implemented yet");
  }

  @Test
  void theTableShowsRatiosAndSkipReasons() {
    Report report = new Report("send");
    report.target("letterbox", null);
    report.target("mariadb", null);
    report.targetSkipped("redis-recent100", "redis-server not found");
    report.add("send", "letterbox", Figures.of("msgs/s", 100));
    report.add("send", "mariadb", Figures.of("msgs/s", 50));
    report.finish(machine);

    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    Table.print(report, new java.io.PrintStream(bytes, true));

    assertThat(bytes.toString()).contains("50.0 (0.500x)").contains("skipped redis-recent100: redis-server not found");
  }

  @Test
  void samplesTimedOneAtATimeAreKeptInTheOrderTakenInBothFiles() throws Exception {
    Report report = new Report("conversation-list");
    report.target("letterbox", null);
    report.add("first page after restart", "letterbox", Figures.of("max ms", 20.1), List.of(2.5, 20.1, 1.75));
    report.add("lists", "letterbox", Figures.of("lists/s", 9000));
    report.finish(machine);

    Path file = ResultFile.write(report, dir);
    JsonNode rows = new ObjectMapper().readTree(file.toFile()).path("results");
    assertThat(rows.get(0).path("samplesMs")).extracting(JsonNode::asDouble).containsExactly(2.5, 20.1, 1.75);
    assertThat(rows.get(1).has("samplesMs")).as("a timed loop's row").isFalse();
    assertThat(Files.readString(dir.resolve(file.getFileName().toString().replace(".json", ".md"))))
        .contains("Samples of first page after restart on letterbox, ms in the order taken: 2.50, 20.1, 1.75");
  }

  @Test
  void anOperationWhoseEveryAttemptFailedIsAFailureOfTheRunNotASkip() {
    Report report = new Report("send");
    report.target("letterbox", null);
    report.add("send", "letterbox", Figures.of("msgs/s", 100));
    report.fail("read", "letterbox", "every attempt failed (12), first: timeout");
    report.finish(machine);

    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    Table.print(report, new java.io.PrintStream(bytes, true));

    assertThat(report.failures()).extracting(Row::operation).containsExactly("read");
    assertThat(report.find("read", "letterbox").skipped()).isNull();
    assertThat(bytes.toString()).contains("FAILED read on letterbox: every attempt failed (12), first: timeout");
    assertThat(MarkdownTable.of(report)).contains("| read |  | FAILED |").contains("FAILED read on letterbox");
  }

  @Test
  void aBaselineThatCouldNotBeOpenedForAReasonOtherThanTheMachinesFailsTheRunInsteadOfBeingSkipped() {
    Report report = new Report("send");
    report.target("letterbox", null);
    report.targetFailed("mariadb", "IllegalStateException: cannot create the schema: ssl not enabled");
    report.add("send", "letterbox", Figures.of("msgs/s", 100));
    report.finish(machine);

    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    Table.print(report, new java.io.PrintStream(bytes, true));

    assertThat(report.failures()).extracting(Row::target).containsExactly("mariadb");
    assertThat(bytes.toString()).contains("FAILED start on mariadb: IllegalStateException: cannot create the schema")
        .doesNotContain("skipped mariadb");
    assertThat(MarkdownTable.of(report)).contains("FAILED start on mariadb").doesNotContain("Skipped mariadb");
  }

  @Test
  void goalsAreWrittenAsDataWithTheFigureTheBoundAndWhetherTheyAreMet() throws Exception {
    Report report = new Report("http");
    report.target("letterbox-http", null);
    report.goal(Goal.atLeast("send: highest throughput, req/s", 30_000.0, 25_000));
    report.goal(Goal.atMost("send: p99 at half the highest throughput, ms", 12.5, 10));
    report.goal(Goal.atLeast("page: highest throughput, req/s", null, 40_000));
    report.finish(machine);

    JsonNode goals = new ObjectMapper().readTree(ResultFile.write(report, dir).toFile()).path("goals");

    assertThat(goals).hasSize(3);
    assertThat(goals.get(0).path("name").asText()).isEqualTo("send: highest throughput, req/s");
    assertThat(goals.get(0).path("figure").asDouble()).isEqualTo(30_000);
    assertThat(goals.get(0).path("comparison").asText()).isEqualTo("at least");
    assertThat(goals.get(0).path("target").asDouble()).isEqualTo(25_000);
    assertThat(goals.get(0).path("met").asBoolean()).isTrue();
    assertThat(goals.get(1).path("comparison").asText()).isEqualTo("at most");
    assertThat(goals.get(1).path("met").asBoolean()).isFalse();
    assertThat(goals.get(2).path("figure").isNull()).as("not measured").isTrue();
    assertThat(goals.get(2).path("met").isNull()).isTrue();
  }

  @Test
  void aCheckThatDidNotPassIsWrittenAsDataAndFailsTheRun() throws Exception {
    Report report = new Report("search");
    report.target("letterbox", null);
    report.check("search: the same answers", "letterbox", true, 20, "the same ids as Lucene's");
    report.check("search, rare word: the same answers", "letterbox", false, 20, "2 of 20 answers differ");
    report.finish(machine);

    JsonNode checks = new ObjectMapper().readTree(ResultFile.write(report, dir).toFile()).path("checks");

    assertThat(checks).extracting(c -> c.path("passed").asBoolean()).containsExactly(true, false);
    assertThat(checks.get(0).path("answers").asLong()).isEqualTo(20);
    assertThat(report.failures()).extracting(Row::operation).containsExactly("search, rare word: the same answers");
  }
}
