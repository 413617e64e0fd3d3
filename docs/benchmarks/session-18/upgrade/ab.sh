#!/bin/bash
# Before (9dbb066) and after (the upgrade) jars, alternated, one run each scenario.
set -u
OUT=/tmp/ab; mkdir -p $OUT
for sc in send read-page http; do
  for v in before after; do
    J=/tmp/$v
    echo "$(date -u +%T) $sc $v" >> $OUT/progress.txt
    extra="--baseline push-rocksdb"
    [ $sc = http ] && extra="--server-jar $J/letterbox-server.jar"
    (cd $J && java -jar letterbox-bench.jar $sc --quick --no-progress $extra --out $OUT/$sc-$v > $OUT/$sc-$v.log 2>&1)
  done
done
echo "$(date -u +%T) done" >> $OUT/progress.txt
