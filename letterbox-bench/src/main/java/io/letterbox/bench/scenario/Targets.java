package io.letterbox.bench.scenario;

import io.letterbox.bench.cli.Baseline;
import io.letterbox.bench.cli.StoreOptions;
import io.letterbox.bench.report.Report;
import io.letterbox.bench.targets.CacheBudget;
import io.letterbox.bench.targets.DmTarget;
import io.letterbox.bench.targets.HBaseCluster;
import io.letterbox.bench.targets.HBaseStorage;
import io.letterbox.bench.targets.LetterboxStorage;
import io.letterbox.bench.targets.LetterboxTarget;
import io.letterbox.bench.targets.RocksStorage;
import io.letterbox.bench.targets.Unavailable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The targets of one run, Letterbox first, each with its own directory under the working
 * directory. A baseline that cannot start is recorded as skipped with the reason and the run
 * goes on without it; Letterbox itself must start.
 */
final class Targets implements AutoCloseable {
  /** Opens a target that is neither Letterbox nor a baseline. */
  interface Opener {
    String name();

    /** @param workDir the run's directory, where a target keeps its data */
    DmTarget open(java.nio.file.Path workDir) throws Unavailable;
  }

  private final List<DmTarget> open = new ArrayList<>();

  /**
   * @param cacheBytes the cache budget of every target ({@link CacheBudget}), or null for the default
   * @param store where Letterbox keeps its data; its HBase cluster, if given, serves the HBase baseline too
   * @param keepData whether data on an HBase cluster stays after the run (the working directory is the scenario's)
   */
  static Targets open(List<Baseline> baselines, List<Opener> extra, Path workDir, Long cacheBytes, StoreOptions store,
      boolean keepData, Report report) throws Unavailable {
    Targets targets = new Targets();
    HBaseCluster hbase = store.hbaseQuorum() == null ? null : new HBaseCluster(store.hbaseQuorum(), keepData);
    long budget = CacheBudget.of(cacheBytes);
    for (int nodes : store.nodes()) {
      LetterboxStorage storage = store.store() == StoreOptions.Store.HBASE
          ? new HBaseStorage(hbase)
          : new RocksStorage(workDir.resolve(LetterboxTarget.name(nodes)), CacheBudget.blockCache(budget));
      LetterboxTarget letterbox = new LetterboxTarget(LetterboxTarget.name(nodes), storage, nodes, store.partitions(),
          store.deliveryWait(), CacheBudget.engineCaches(budget));
      targets.open.add(letterbox);
      report.target(letterbox.name(), letterbox.note() + "; " + CacheBudget.describe(budget));
    }
    for (Baseline b : baselines) {
      System.err.println("starting baseline " + b.cliName());
      try {
        DmTarget t = b.open(workDir.resolve(b.cliName()), budget, hbase);
        targets.open.add(t);
        report.target(t.name(), t.note());
      } catch (Unavailable e) {
        report.targetSkipped(b.cliName(), e.getMessage());
      } catch (Exception e) {
        // Skipped is for what this machine lacks (Unavailable); anything else is a broken
        // baseline, and a run that quietly leaves it out would read as if it had nothing to compare.
        report.targetFailed(b.cliName(), e.getClass().getSimpleName() + ": " + e.getMessage());
      }
    }
    for (Opener o : extra) {
      try {
        DmTarget t = o.open(workDir);
        targets.open.add(t);
        report.target(t.name(), t.note());
      } catch (Unavailable e) {
        report.targetSkipped(o.name(), e.getMessage());
      }
    }
    return targets;
  }

  List<DmTarget> list() {
    return open;
  }

  @Override
  public void close() {
    for (DmTarget t : open) {
      try {
        t.close();
      } catch (RuntimeException e) {
        System.err.println("closing " + t.name() + " failed: " + e);
      }
    }
  }
}
