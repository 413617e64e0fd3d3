#!/bin/bash
# Checkouts alternated, each from its own clean worktree with its jars built, ROUNDS (default 2) rounds of
# the http scenario (its own server and store per run) over OPERATIONS:
#   ab.sh OUT OPERATIONS NAME=CHECKOUT...   e.g. ab.sh /tmp/ab send base=/tmp/wt-base new=/tmp/wt-new
set -u
OUT=$1 OPERATIONS=$2; shift 2
mkdir -p "$OUT"
for round in $(seq "${ROUNDS:-2}"); do
  for pair in "$@"; do
    name=${pair%%=*}; dir=${pair#*=}
    echo "$(date -u +%T) round $round $name ($(git -C "$dir" rev-parse --short HEAD)), load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/progress.txt"
    (cd "$dir" && java -jar letterbox-bench/target/letterbox-bench.jar http --quick --no-progress \
      --operations "$OPERATIONS" --warmup 20 --out "$OUT/r$round-$name" > "$OUT/r$round-$name.log" 2>&1)
  done
done
echo "$(date -u +%T) done" >> "$OUT/progress.txt"
