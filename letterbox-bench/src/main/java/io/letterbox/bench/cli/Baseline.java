package io.letterbox.bench.cli;

import io.letterbox.bench.baseline.mariadb.MariaDbTarget;
import io.letterbox.bench.baseline.push.PushRocksTarget;
import io.letterbox.bench.baseline.redis.RedisRecentTarget;
import io.letterbox.bench.targets.DmTarget;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The designs Letterbox replaces, by their command-line names. */
public enum Baseline {
  PUSH_ROCKSDB(PushRocksTarget.NAME) {
    @Override
    public DmTarget open(Path dir, Long cacheBytes) throws Exception {
      return new PushRocksTarget(dir, cacheBytes == null ? PushRocksTarget.DEFAULT_CACHE_BYTES : cacheBytes);
    }
  },
  MARIADB(MariaDbTarget.NAME) {
    @Override
    public DmTarget open(Path dir, Long cacheBytes) throws Exception {
      return new MariaDbTarget(dir, cacheBytes);
    }
  },
  REDIS_RECENT100(RedisRecentTarget.NAME) {
    @Override
    public DmTarget open(Path dir, Long cacheBytes) throws Exception {
      return new RedisRecentTarget(dir); // all in memory: no cache to size
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
   * Starts the baseline with its data (and server, if it has one) under {@code dir}.
   *
   * @param cacheBytes its read cache, or null for its default
   */
  public abstract DmTarget open(Path dir, Long cacheBytes) throws Exception;

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
