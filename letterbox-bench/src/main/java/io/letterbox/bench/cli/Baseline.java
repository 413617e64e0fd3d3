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
    public DmTarget open(Path dir) throws Exception {
      return new PushRocksTarget(dir);
    }
  },
  MARIADB(MariaDbTarget.NAME) {
    @Override
    public DmTarget open(Path dir) throws Exception {
      return new MariaDbTarget(dir);
    }
  },
  REDIS_RECENT100(RedisRecentTarget.NAME) {
    @Override
    public DmTarget open(Path dir) throws Exception {
      return new RedisRecentTarget(dir);
    }
  };

  private final String cliName;

  Baseline(String cliName) {
    this.cliName = cliName;
  }

  public String cliName() {
    return cliName;
  }

  /** Starts the baseline with its data (and server, if it has one) under {@code dir}. */
  public abstract DmTarget open(Path dir) throws Exception;

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
