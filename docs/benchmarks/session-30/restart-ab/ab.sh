#!/usr/bin/env bash
# Cold first pages of a big owner before and after session 29's engine change, alternated, each
# side from its clean worktree with its bench jar built; RocksDB's LOG of each run kept.
#   ab.sh OUT ROUNDS NAME=CHECKOUT... -- SCENARIO-ARGS...
set -euo pipefail
out=$1 rounds=$2; shift 2
sides=()
while [ "$1" != "--" ]; do sides+=("$1"); shift; done
shift
mkdir -p "$out"
for round in $(seq 1 "$rounds"); do
  for side in "${sides[@]}"; do
    name=${side%%=*} checkout=${side#*=}
    dir=$out/$name/round$round data=$(mktemp -d /work/ab-data.XXXX)
    mkdir -p "$dir"
    echo "$(date -u +%FT%TZ) $name round $round, load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/log"
    (cd "$checkout" && java -jar letterbox-bench/target/letterbox-bench.jar "$@" \
        --no-progress --out "$dir" --dir "$data" --keep-data) > "$dir/run.txt" 2>&1 || echo "$name round $round FAILED" | tee -a "$out/log"
    for log in "$data"/*/*/LOG; do gzip -c "$log" > "$dir/LOG-$(basename "$(dirname "$log")").gz"; done
    rm -rf "$data"
  done
done
echo "$(date -u +%FT%TZ) done" | tee -a "$out/log"
