/**
 * The designs Letterbox replaces, one sub-package each (push-rocksdb, mariadb, redis-recent100,
 * hbase-buffered-mutator, lucene), and what several of them share ({@link
 * io.letterbox.bench.baseline.BatchingWriter}, {@link io.letterbox.bench.baseline.DiskUsage}).
 * A baseline implements the target interfaces of {@code targets} and may use {@code targets},
 * {@code process}, {@code workload} and {@code measure}; never a scenario. Only {@code
 * cli.Baseline} names a baseline's classes.
 */
package io.letterbox.bench.baseline;
