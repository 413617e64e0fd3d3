package io.letterbox.bench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The options every scenario takes. */
public final class CommonOptions {
  @Option(names = "--quick", description = "Shorthand for --size quick: under two minutes with baselines.")
  boolean quick;

  @Option(names = "--size", description = "tiny, quick or full (default: ${DEFAULT-VALUE}); options given explicitly win.",
      defaultValue = "full", converter = SizeConverter.class)
  Size size;

  @Option(names = "--seed", description = "Seed of the generated population and load (default: ${DEFAULT-VALUE}).",
      defaultValue = "42")
  public long seed;

  @Option(names = "--baseline", split = ",", paramLabel = "NAME",
      description = "Baselines to run side by side: push-rocksdb, push-rocksdb-ingest (the same, broadcasts as ingested"
          + " table files built on every core), mariadb, redis-recent100, hbase-buffered-mutator"
          + " (send and mixed, with --hbase-quorum), or all. mariadb and redis-recent100 run on programs"
          + " letterbox-bench/provision-baselines installs; without them they are skipped.")
  List<String> baselines = new ArrayList<>();

  @Option(names = "--out", description = "Directory of the JSON result files (default: ${DEFAULT-VALUE}).",
      defaultValue = "bench-results")
  public Path out;

  @Option(names = "--dir", description = "Working directory for the stores and servers (default: a new one in the temp dir).")
  Path dir;

  @Option(names = "--keep-data", description = "Keep the working directory afterwards.")
  public boolean keepData;

  @Option(names = "--no-progress", description = "No progress bars on stderr.")
  public boolean noProgress;

  @Option(names = "--cache-mb", paramLabel = "MB", description = "Cache budget of every target, the same for all"
      + " (default 512): all of a baseline's cache (RocksDB's block cache for push-rocksdb and push-rocksdb-ingest,"
      + " MariaDB's buffer pool); for Letterbox half as RocksDB's block cache, half as its engine's heap caches.")
  Integer cacheMb;

  /** @return the read cache every target gets, or null for each target's default */
  public Long cacheBytes() {
    if (cacheMb != null && cacheMb < 1) {
      throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this), "--cache-mb must be positive");
    }
    return cacheMb == null ? null : cacheMb * (1L << 20);
  }

  public Size size() {
    return quick ? Size.QUICK : size;
  }

  /** The baselines asked for, in the order given; {@code all} means every one. */
  public List<Baseline> baselines() {
    List<Baseline> chosen = new ArrayList<>();
    for (String name : baselines) {
      if (name.isBlank()) {
        continue;
      }
      List<Baseline> these = name.trim().equals("all") ? List.of(Baseline.values()) : List.of(Baseline.named(name));
      these.stream().filter(b -> !chosen.contains(b)).forEach(chosen::add);
    }
    return chosen;
  }

  public Path dir() {
    return dir;
  }

  static final class SizeConverter implements picocli.CommandLine.ITypeConverter<Size> {
    @Override
    public Size convert(String value) {
      return Size.valueOf(value.trim().toUpperCase(java.util.Locale.ROOT));
    }
  }
}
