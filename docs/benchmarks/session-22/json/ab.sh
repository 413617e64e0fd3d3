#!/bin/bash
# Checkouts alternated, each from its own clean worktree with its jars built, ROUNDS (default 2) rounds of
# the http scenario (its own server and store per run) over newest pages and lists:
#   ab.sh OUT NAME=CHECKOUT...   e.g. ab.sh /tmp/ab base=/tmp/wt-base times=/tmp/wt-times
set -u
OUT=$1; shift
mkdir -p "$OUT"
for round in $(seq "${ROUNDS:-2}"); do
  for pair in "$@"; do
    name=${pair%%=*}; dir=${pair#*=}
    echo "$(date -u +%T) round $round $name ($(git -C "$dir" rev-parse --short HEAD))" >> "$OUT/progress.txt"
    (cd "$dir" && java -jar letterbox-bench/target/letterbox-bench.jar http --quick --no-progress \
      --operations page,list --connections 16,64,256 --warmup 20 --out "$OUT/r$round-$name" > "$OUT/r$round-$name.log" 2>&1)
  done
done
echo "$(date -u +%T) done" >> "$OUT/progress.txt"
