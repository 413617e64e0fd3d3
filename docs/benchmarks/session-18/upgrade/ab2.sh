#!/bin/bash
set -u
OUT=/tmp/ab
for round in 2 3; do
for sc in send read-page; do
  for v in before after; do
    J=/tmp/$v
    echo "$(date -u +%T) $sc $v $round" >> $OUT/progress.txt
    (cd $J && java -jar letterbox-bench.jar $sc --quick --no-progress --baseline push-rocksdb --out $OUT/$sc-$v-$round > $OUT/$sc-$v-$round.log 2>&1)
  done
done
done
echo "$(date -u +%T) done2" >> $OUT/progress.txt
/tmp/loops.sh
