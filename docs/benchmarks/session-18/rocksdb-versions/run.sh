#!/bin/bash
# read-page with RocksDB 9.10.0 / 10.10.1 / 11.8.1, everything else at b739d50's versions; alternated, 2 rounds.
set -u
OUT=/tmp/bisect; mkdir -p $OUT
for round in 1 2; do
  for v in r9 r10 after; do
    echo "$(date -u +%T) $v $round" >> $OUT/progress.txt
    (cd /tmp/$v && java -jar letterbox-bench.jar read-page --quick --no-progress --baseline push-rocksdb --out $OUT/$v-$round > $OUT/$v-$round.log 2>&1)
  done
done
echo "$(date -u +%T) done" >> $OUT/progress.txt
