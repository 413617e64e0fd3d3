#!/bin/bash
# The headline runs at full size with every baseline (issue 16: three runs, median and range), from
# a clean checkout whose bench jar is built; one scenario's RUNS runs one after another, then the next:
#   runs.sh CHECKOUT OUT [SCENARIO...]     e.g. runs.sh /tmp/wt-full /tmp/full send hot-sender
# Each run: java -jar letterbox-bench/target/letterbox-bench.jar SCENARIO --baseline all --no-progress
# (hbase-buffered-mutator is skipped: it needs a cluster), its result file in OUT/SCENARIO/.
set -u
dir=$1; out=$2; shift 2
scenarios=${*:-send broadcast-fanout hot-sender mixed read-page}
mkdir -p "$out"
for scenario in $scenarios; do
  for run in $(seq "${RUNS:-3}"); do
    echo "$(date -u +%T) $scenario run $run ($(git -C "$dir" rev-parse --short HEAD), load $(cut -d' ' -f1-3 /proc/loadavg))" >> "$out/progress.txt"
    (cd "$dir" && java -jar letterbox-bench/target/letterbox-bench.jar "$scenario" --baseline all --no-progress \
      --out "$out/$scenario" > "$out/$scenario-$run.log" 2>&1) || echo "$(date -u +%T) $scenario run $run exit $?" >> "$out/progress.txt"
  done
done
echo "$(date -u +%T) done" >> "$out/progress.txt"
