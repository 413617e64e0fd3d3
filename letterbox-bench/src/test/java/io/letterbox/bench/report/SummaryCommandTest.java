package io.letterbox.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SummaryCommandTest {
  @TempDir
  Path dir;

  @Test
  void threeRunsGiveEachFigureAndEachRatioAsItsMedianAndRange() throws Exception {
    List<String> files = new ArrayList<>();
    files.add(run("r1", "abc", "send --quick", 100, 50));
    files.add(run("r2", "abc", "send --quick", 120, 30));
    files.add(run("r3", "abc", "send --quick", 90, 45));
    Path out = dir.resolve("summary.md");
    files.addAll(List.of("--out", out.toString()));

    int exit = new CommandLine(new SummaryCommand()).execute(files.toArray(String[]::new));

    assertThat(exit).isZero();
    assertThat(Files.readString(out))
        .contains("| send | letterbox | msgs/s | 100 (90.0–120) |")
        .contains("| send | mariadb | msgs/s | 45.0 (30.0–50.0) | 0.500 (0.250–0.500)×")
        .contains("3 runs (commits abc)");
  }

  @Test
  void aRunFromACheckoutWithUncommittedChangesIsRefused() throws Exception {
    int exit = new CommandLine(new SummaryCommand()).execute(run("r1", "abc", "send", 100, 50),
        run("r2", "abc+dirty", "send", 100, 50));

    assertThat(exit).isEqualTo(2);
  }

  @Test
  void runsOfDifferentCommandsAreRefused() throws Exception {
    int exit = new CommandLine(new SummaryCommand()).execute(run("r1", "abc", "send --quick", 100, 50),
        run("r2", "abc", "send --size tiny", 100, 50));

    assertThat(exit).isEqualTo(2);
  }

  @Test
  void runsOfOneCommandThatWroteToDifferentDirectoriesAreSummarisedTogether() throws Exception {
    Path out = dir.resolve("summary.md");
    int exit = new CommandLine(new SummaryCommand()).execute(run("r1", "abc", "http --quick --out /tmp/a/r1", 100, 50),
        run("r2", "abc", "http --quick --out=/tmp/a/r2", 110, 50), "--out", out.toString());

    assertThat(exit).isZero();
    assertThat(Files.readString(out)).contains("`http --quick`, 2 runs").contains("| send | letterbox | msgs/s | 105 (100–110) |");
  }

  @Test
  void runsOfOneCommandThatKeptTheirStoresInDifferentDirectoriesAreSummarisedTogether() throws Exception {
    Path out = dir.resolve("summary.md");
    int exit = new CommandLine(new SummaryCommand()).execute(
        run("r1", "abc", "search --quick --dir /work/a --keep-data", 100, 50),
        run("r2", "abc", "search --quick --dir=/work/b", 110, 50), "--out", out.toString());

    assertThat(exit).isZero();
    assertThat(Files.readString(out)).contains("`search --quick`, 2 runs");
  }

  private String run(String name, String commit, String command, double letterbox, double mariadb) throws Exception {
    Report report = new Report("send");
    report.parameter("command", command);
    report.add("send", "letterbox", Figures.of("msgs/s", letterbox));
    report.add("send", "mariadb", Figures.of("msgs/s", mariadb));
    report.finish(new Machine(2, 1, "disk", "os", "java", commit));
    return ResultFile.write(report, dir.resolve(name)).toString();
  }
}
