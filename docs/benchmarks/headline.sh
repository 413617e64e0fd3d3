#!/usr/bin/env bash
# The headline figures with every baseline, three runs of each scenario one after another (for
# `summary`: median and range), from a clean checkout's bench jar.
#   [OPTS=--quick] docs/benchmarks/headline.sh CHECKOUT OUT [SCENARIO...]
# CHECKOUT: a clean worktree with letterbox-bench/target/letterbox-bench.jar built; OUT: where
# the result files and a log go. Scenarios default to send broadcast-fanout hot-sender mixed
# read-page (full presets unless OPTS says --quick; --baseline all). Then: java -jar …/letterbox-bench.jar summary OUT/SCENARIO-*.json
set -euo pipefail
checkout=$1 out=$2; shift 2
scenarios=("$@")
[ ${#scenarios[@]} -gt 0 ] || scenarios=(send broadcast-fanout hot-sender mixed read-page)
jar=$checkout/letterbox-bench/target/letterbox-bench.jar
mkdir -p "$out"
for scenario in "${scenarios[@]}"; do
  for run in 1 2 3; do
    echo "$(date -u +%FT%TZ) $scenario run $run, load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/log"
    (cd "$checkout" && java -jar "$jar" "$scenario" ${OPTS:-} --baseline all --out "$out" --no-progress) >>"$out/$scenario-run$run.txt" 2>&1 \
      || echo "$(date -u +%FT%TZ) $scenario run $run FAILED (exit $?)" | tee -a "$out/log"
  done
done
echo "$(date -u +%FT%TZ) done" | tee -a "$out/log"
