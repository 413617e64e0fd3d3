package io.letterbox.bench.cli;

import io.letterbox.bench.baseline.hbase.HBaseMutatorTarget;
import io.letterbox.bench.baseline.lucene.LuceneSearch;
import io.letterbox.bench.baseline.mariadb.MariaDbTarget;
import io.letterbox.bench.baseline.push.PushRocksTarget;
import io.letterbox.bench.baseline.redis.RedisRecentTarget;
import io.letterbox.bench.targets.DmTarget;
import io.letterbox.bench.targets.HBaseCluster;
import io.letterbox.bench.targets.SearchIndex;
import io.letterbox.bench.targets.Unavailable;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The designs Letterbox replaces, by their command-line names: the one place that opens a
 * baseline. Scenarios see a baseline only through the target interfaces it implements.
 */
public enum Baseline {
  PUSH_ROCKSDB(PushRocksTarget.NAME) {
    @Override
    public DmTarget open(Path dir, long cacheBytes, HBaseCluster hbase) throws Exception {
      return push(dir, cacheBytes, PushRocksTarget.FanOut.WRITE_PATH);
    }
  },
  /** The same push design whose broadcasts ingest sorted table files built on every core. */
  PUSH_ROCKSDB_INGEST(PushRocksTarget.INGEST_NAME) {
    @Override
    public DmTarget open(Path dir, long cacheBytes, HBaseCluster hbase) throws Exception {
      return push(dir, cacheBytes, PushRocksTarget.FanOut.INGEST);
    }
  },
  MARIADB(MariaDbTarget.NAME) {
    @Override
    public DmTarget open(Path dir, long cacheBytes, HBaseCluster hbase) throws Exception {
      return new MariaDbTarget(dir, cacheBytes);
    }
  },
  REDIS_RECENT100(RedisRecentTarget.NAME) {
    @Override
    public DmTarget open(Path dir, long cacheBytes, HBaseCluster hbase) throws Exception {
      return new RedisRecentTarget(dir); // all in memory: no cache to size
    }
  },
  HBASE_BUFFERED_MUTATOR(HBaseMutatorTarget.NAME) {
    @Override
    public DmTarget open(Path dir, long cacheBytes, HBaseCluster hbase) throws Exception {
      if (hbase == null) {
        throw new Unavailable("needs an HBase cluster: --hbase-quorum HOST:PORT");
      }
      return new HBaseMutatorTarget(hbase);
    }
  };

  private final String cliName;

  Baseline(String cliName) {
    this.cliName = cliName;
  }

  public String cliName() {
    return cliName;
  }

  /**
   * Starts the baseline with its data (and server, if it has one) under {@code dir}, or on the
   * run's HBase cluster.
   *
   * @param cacheBytes its cache, all of the run's budget ({@link io.letterbox.bench.targets.CacheBudget})
   * @param hbase the run's HBase cluster, or null if it has none
   */
  public abstract DmTarget open(Path dir, long cacheBytes, HBaseCluster hbase) throws Exception;

  private static DmTarget push(Path dir, long cacheBytes, PushRocksTarget.FanOut fanOut) throws Exception {
    return new PushRocksTarget(dir, cacheBytes, fanOut);
  }

  /** The keyword index the search scenario compares Letterbox's with, its files under {@code dir}. */
  public static SearchIndex searchIndex(Path dir) {
    return new LuceneSearch(dir.resolve(LuceneSearch.NAME));
  }

  public static Baseline named(String name) {
    for (Baseline b : values()) {
      if (b.cliName.equals(name.trim())) {
        return b;
      }
    }
    throw new IllegalArgumentException("unknown baseline '" + name + "'; known: " + names());
  }

  public static String names() {
    return Arrays.stream(values()).map(Baseline::cliName).collect(Collectors.joining(","));
  }
}
