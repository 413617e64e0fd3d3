#!/bin/bash
# A diagnostic, not a setting to run with: the server (G1, its collector) with the machine's DAMON
# kdamond on and off, alternated, ROUNDS rounds; kdamond is turned back on at the end (and on any
# exit). MODE one: run.sh (one connection of sends); MODE http: the whole http scenario at its
# quick size (its own server, ServerJvm.FLAGS). Needs root. Run from a clean checkout, jars built.
#   damon-ab.sh OUT ROUNDS MODE
set -u
OUT=$1; ROUNDS=$2; MODE=$3
here=$(cd "$(dirname "$0")" && pwd)
state=/sys/kernel/mm/damon/admin/kdamonds/0/state
restore() { echo on > $state; echo "kdamond: $(cat $state)" >> "$OUT/progress.txt"; }
trap restore EXIT
mkdir -p "$OUT"
"$here/machine.sh" > "$OUT/machine-before.txt"
for round in $(seq "$ROUNDS"); do
  for s in on off; do
    [[ "$(cat $state)" == "$s" ]] || echo $s > $state
    echo "$(date -u +%T) round $round damon $s ($(cat $state))" >> "$OUT/progress.txt"
    if [[ $MODE == one ]]; then
      "$here/run.sh" "$OUT" "r$round-damon-$s" -XX:+UseG1GC
    else
      java -jar letterbox-bench/target/letterbox-bench.jar http --quick --warmup 20 --no-progress \
        --out "$OUT/r$round-damon-$s" > "$OUT/r$round-damon-$s.log" 2>&1
    fi
  done
done
