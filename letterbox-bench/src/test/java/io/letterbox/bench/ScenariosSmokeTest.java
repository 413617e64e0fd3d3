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
import org.junit.jupiter.api.Test;
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
      "group            | --big-members 500 --posts 100 --warmup 20 --groups 20 --member-groups 8 --group-posts 400"
          + " --users 300 --seconds 0.2",
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

  /** Letterbox's bytes at rest come split by space in a row: what takes the disk, not only how much. */
  @Test
  void letterboxDiskAfterCompactionIsSplitBySpaceInARow() throws IOException {
    int exit = BenchMain.commandLine().execute("send", "--size", "tiny", "--baseline", "push-rocksdb", "--no-progress",
        "--out", tmp.resolve("out").toString(), "--dir", tmp.resolve("data").toString(),
        "--messages", "300", "--warmup", "50", "--users", "200");

    assertThat(exit).isZero();
    JsonNode result = new ObjectMapper().readTree(onlyResultFile("send").toFile());
    List<String> figures = new ArrayList<>();
    row(result, "disk after compaction, by space", "letterbox").get("figures").fieldNames().forEachRemaining(figures::add);
    assertThat(figures).contains("log, bytes/msg", "conversation, bytes/msg", "activity, bytes/msg",
        "outside the spaces, bytes/msg");
  }

  /**
   * The search scenario measures sends with and without the index, and queries on Letterbox and on
   * Lucene, whose every answer was the same.
   */
  @Test
  void searchScenarioComparesTheIndexWithNoIndexAndWithLucene() throws IOException {
    int exit = BenchMain.commandLine().execute("search", "--size", "tiny", "--no-progress",
        "--out", tmp.resolve("out").toString(), "--dir", tmp.resolve("data").toString(),
        "--messages", "300", "--warmup", "50", "--users", "200", "--owner-messages", "500,1k", "--queries", "20",
        "--broadcast-followers", "1k");

    assertThat(exit).isZero();
    JsonNode result = new ObjectMapper().readTree(onlyResultFile("search").toFile());
    assertThat(result.get("targets")).extracting(t -> t.get("name").asText())
        .containsExactly("letterbox", "letterbox-without-search", "lucene");
    assertThat(result.get("results")).allMatch(r -> r.get("failed").isNull());
    for (String target : List.of("letterbox", "letterbox-without-search")) {
      assertThat(row(result, "send 1:1 (durable), words by frequency", target)).as(target).isNotNull();
    }
    for (String target : List.of("letterbox", "lucene")) {
      assertThat(row(result, "search, owner of 1k msgs: the most common word (page of 20)", target)).as(target)
          .isNotNull();
    }
    assertThat(row(result, "broadcast to 1k followers: indexed", "letterbox").get("figures").get("postings").asDouble())
        .isEqualTo(row(result, "broadcast to 10 followers: indexed", "letterbox").get("figures").get("postings")
            .asDouble());
    assertThat(result.get("checks")).filteredOn(c -> c.get("name").asText().endsWith(": the same answers"))
        .hasSize(4).allMatch(c -> c.get("passed").asBoolean() && c.get("target").asText().equals("letterbox"));
  }

  /**
   * The group scenario measures every step on Letterbox and on the write-diffusion baseline, and
   * every checked answer (members' unread after the big group's posts, the member's first page and
   * unread total) was right: no row failed, and the checks say so. The big group's cost over the
   * small group's is set beside its goal.
   */
  @Test
  void groupScenarioMeasuresEveryStepOnBothDesigns() throws IOException {
    int exit = BenchMain.commandLine().execute("group", "--size", "tiny", "--no-progress",
        "--out", tmp.resolve("out").toString(), "--dir", tmp.resolve("data").toString(),
        "--big-members", "500", "--posts", "100", "--warmup", "20", "--groups", "20", "--member-groups", "8",
        "--group-posts", "400", "--users", "300", "--seconds", "0.2");

    assertThat(exit).isZero();
    JsonNode result = new ObjectMapper().readTree(onlyResultFile("group").toFile());
    assertThat(result.get("targets")).extracting(t -> t.get("name").asText())
        .containsExactly("letterbox", "push-rocksdb");
    List<String> operations = List.of("add 499 members to a group, one call",
        "post to a 10-member group (durable, 64 in flight)", "10-member group: disk after compaction",
        "post to a 500-member group (durable, 64 in flight)", "500-member group: disk after compaction",
        "500-member / 10-member group", "post across 20 groups of 10 (durable, 512 in flight)",
        "20 groups: disk after compaction", "member of 8 groups: first page (20)",
        "member of 8 groups: exact unread (pc)");
    for (String target : List.of("letterbox", "push-rocksdb")) {
      for (String operation : operations) {
        JsonNode row = row(result, operation, target);
        assertThat(row).as(operation + " on " + target).isNotNull();
        assertThat(row.get("failed").isNull()).as(operation + " on " + target).isTrue();
        assertThat(row.get("skipped").isNull()).as(operation + " on " + target).isTrue();
        row.get("figures").forEach(v -> assertThat(v.asDouble()).as(operation + " on " + target).isPositive());
      }
      assertThat(row(result, "post to a 500-member group (durable, 64 in flight)", target).get("figures")
          .has("errors")).isFalse();
    }
    assertThat(result.get("results")).allMatch(r -> r.get("failed").isNull());
    assertThat(check(result, "member of 8 groups: exact unread (pc): answers", "letterbox").get("passed").asBoolean())
        .isTrue();
    assertThat(check(result, "member of 8 groups: first page (20): answers", "push-rocksdb").get("passed").asBoolean())
        .isTrue();
    JsonNode sampled = check(result, "500-member group: unread of members who did not post", "letterbox");
    assertThat(sampled.get("passed").asBoolean()).isTrue();
    assertThat(sampled.get("answers").asLong()).isEqualTo(100);
    assertThat(result.get("goals")).extracting(g -> g.get("name").asText()).containsExactly(
        "500-member group over the 10-member group, time per post",
        "500-member group over the 10-member group, mean latency",
        "500-member group over the 10-member group, bytes per message");
    assertThat(result.get("goals")).allMatch(g -> g.get("target").asDouble() == 1.5 && g.get("figure").isNumber());
  }

  /**
   * A broadcast into a store that already holds earlier broadcasts' receipts, on Letterbox and on
   * both push designs (write path and ingested table files): every row measured, and the samples
   * checked at the broadcast call's return found every receiver's message on the push designs,
   * whose rows are all written before it returns.
   */
  @Test
  void broadcastIntoAPopulatedStoreOnBothPushDesigns() throws IOException {
    int exit = BenchMain.commandLine().execute("broadcast-fanout", "--size", "tiny", "--no-progress",
        "--out", tmp.resolve("out").toString(), "--dir", tmp.resolve("data").toString(),
        "--receivers", "2000", "--existing-receipts", "5k", "--audience", "uids",
        "--baseline", "push-rocksdb,push-rocksdb-ingest");

    assertThat(exit).isZero();
    JsonNode result = new ObjectMapper().readTree(onlyResultFile("broadcast-fanout").toFile());
    assertThat(result.get("targets")).extracting(t -> t.get("name").asText())
        .containsExactly("letterbox", "push-rocksdb", "push-rocksdb-ingest");
    assertThat(result.get("parameters").get("existingReceipts").asLong()).isEqualTo(5000);
    assertThat(result.get("results")).allMatch(r -> r.get("failed").isNull() && r.get("skipped").isNull());
    for (String target : List.of("push-rocksdb", "push-rocksdb-ingest")) {
      for (String when : List.of("at return", "after fan-out")) {
        JsonNode figures = row(result, "broadcast: readable " + when + " (of 200 sampled)", target).get("figures");
        assertThat(figures.get("history shows it").asInt()).as(target + " " + when).isEqualTo(200);
        assertThat(figures.get("list shows it first").asInt()).as(target + " " + when).isEqualTo(200);
      }
    }
    for (String target : List.of("letterbox", "push-rocksdb", "push-rocksdb-ingest")) {
      JsonNode fill = row(result, "set-up, not timed: existing receipts", target).get("figures");
      assertThat(fill.get("receipts").asLong()).as(target).isEqualTo(5000);
      assertThat(fill.get("earlier broadcasts").asLong()).as(target).isEqualTo(3);
    }
  }

  private static JsonNode check(JsonNode result, String name, String target) {
    for (JsonNode c : result.get("checks")) {
      if (c.get("name").asText().equals(name) && c.get("target").asText().equals(target)) {
        return c;
      }
    }
    throw new AssertionError("no check " + name + " on " + target);
  }

  private static JsonNode row(JsonNode result, String operation, String target) {
    for (JsonNode r : result.get("results")) {
      if (r.get("operation").asText().equals(operation) && r.get("target").asText().equals(target)) {
        return r;
      }
    }
    return null;
  }

  /**
   * The server baselines (MariaDB, Redis) run beside Letterbox wherever this machine has their
   * programs (letterbox-bench/provision-baselines installs them); one it lacks is skipped, and this
   * test with it. One that starts and then fails fails the run, never reads as skipped: a JDBC
   * driver that asks for TLS must not silently drop the MariaDB baseline from every run.
   */
  @Test
  void theServerBaselinesRunBesideLetterboxWhereThisMachineHasThem() throws IOException {
    int exit = BenchMain.commandLine().execute("send", "--size", "tiny", "--baseline", "mariadb,redis-recent100",
        "--messages", "300", "--warmup", "50", "--users", "200", "--no-progress",
        "--out", tmp.resolve("out").toString(), "--dir", tmp.resolve("data").toString());

    assertThat(exit).as("a baseline that failed once started fails the run").isZero();
    JsonNode result = new ObjectMapper().readTree(onlyResultFile("send").toFile());
    List<String> skipped = new ArrayList<>();
    result.get("targets").forEach(t -> {
      if (t.get("status").asText().equals("skipped")) {
        skipped.add(t.get("name").asText() + ": " + t.get("reason").asText());
      }
    });
    org.junit.jupiter.api.Assumptions.assumeTrue(skipped.isEmpty(), () -> "not on this machine: " + skipped);
    assertThat(result.get("targets")).extracting(t -> t.get("name").asText())
        .containsExactly("letterbox", "mariadb", "redis-recent100");
    for (String target : List.of("mariadb", "redis-recent100")) {
      assertThat(row(result, "send 1:1 (durable)", target).get("figures").get("msgs/s").asDouble())
          .as(target).isPositive();
    }
  }

  private Path onlyResultFile(String scenario) throws IOException {
    try (Stream<Path> files = Files.list(tmp.resolve("out"))) {
      List<String> found = files.map(f -> f.getFileName().toString()).filter(f -> f.startsWith(scenario + "-")).toList();
      assertThat(found).hasSize(2).anyMatch(f -> f.endsWith(".md"));
      return tmp.resolve("out").resolve(found.stream().filter(f -> f.endsWith(".json")).findFirst().orElseThrow());
    }
  }
}
