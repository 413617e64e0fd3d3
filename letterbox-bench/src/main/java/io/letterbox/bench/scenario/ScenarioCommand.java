package io.letterbox.bench.scenario;

import io.letterbox.bench.cli.CommonOptions;
import io.letterbox.bench.cli.Size;
import io.letterbox.bench.cli.StoreOptions;
import io.letterbox.bench.measure.Progress;
import io.letterbox.bench.report.Machine;
import io.letterbox.bench.report.Report;
import io.letterbox.bench.report.ResultFile;
import io.letterbox.bench.report.Table;
import io.letterbox.bench.targets.DmTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What every scenario does around its own measurements: open Letterbox and the baselines in a
 * working directory, run, print the table, write the result file, stop the servers and remove
 * the data.
 */
public abstract class ScenarioCommand implements Callable<Integer> {
  @Mixin
  protected CommonOptions common;

  @Spec
  CommandSpec spec;

  /** The run's directory, while it runs. */
  private Path work;

  /** Records the scenario's effective parameters (sizes after presets) in the report. */
  protected abstract void describe(Report report, Size size);

  /**
   * Targets beyond Letterbox and the baselines (the HTTP server of the mixed scenario), opened
   * after them; one that cannot start throws Unavailable and is reported as skipped.
   */
  protected List<Targets.Opener> extraTargets() {
    return List.of();
  }

  /** The baselines of the run: those {@code --baseline} names, unless the scenario always runs some. */
  protected List<io.letterbox.bench.cli.Baseline> baselines() {
    return common.baselines();
  }

  /** Where Letterbox keeps its data: RocksDB, unless the scenario takes {@code --store}. */
  protected StoreOptions store() {
    return StoreOptions.rocksdb();
  }

  /** Runs the scenario on the open targets (Letterbox first). */
  protected abstract void run(List<DmTarget> targets, Report report) throws Exception;

  @Override
  public Integer call() throws Exception {
    store().validate(spec.commandLine());
    Progress.setEnabled(!common.noProgress);
    Report report = new Report(spec.name());
    report.parameter("size", common.size().name().toLowerCase());
    report.parameter("seed", common.seed);
    report.parameter("command", "java -jar letterbox-bench.jar " + String.join(" ", spec.commandLine().getParseResult().originalArgs()));
    report.parameter("store", store().store().name().toLowerCase(java.util.Locale.ROOT));
    if (store().hbaseQuorum() != null) {
      report.parameter("hbaseQuorum", store().hbaseQuorum());
    }
    describe(report, common.size());
    // Always a new directory (inside --dir if given): it is deleted afterwards.
    work = common.dir() != null
        ? Files.createTempDirectory(Files.createDirectories(common.dir()), "run-")
        : Files.createTempDirectory("letterbox-bench-");
    // Taken first, so that the commit is the one the run started from.
    Machine machine = Machine.here(work);
    try (Targets targets = Targets.open(baselines(), extraTargets(), work, common.cacheBytes(), store(),
        common.keepData, report)) {
      run(targets.list(), report);
    } finally {
      if (!common.keepData) {
        deleteTree(work);
      }
    }
    return conclude(report, machine, common.out);
  }

  /**
   * Finishes {@code report}, prints its table and writes its result file into {@code out}.
   *
   * @return the command's exit code: 1 when a row failed (its figures are not evidence), else 0
   */
  static int conclude(Report report, Machine machine, Path out) throws java.io.IOException {
    report.finish(machine);
    Table.print(report, System.out);
    Path file = ResultFile.write(report, out);
    System.out.println("result file: " + file);
    if (!report.failures().isEmpty()) {
      System.err.println("the run failed: " + report.failures().size() + " row(s) could not be measured"
          + " (FAILED above); its figures are not evidence");
      return 1;
    }
    return 0;
  }

  /** The run's directory, deleted afterwards unless --keep-data: for what a scenario keeps beyond its targets. */
  protected Path workDir() {
    return work;
  }

  /** Deletes {@code dir} and everything in it, if it exists. */
  public static void deleteTree(Path dir) throws IOException {
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
