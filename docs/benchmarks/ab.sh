#!/usr/bin/env bash
# Builds compared alternated, ROUNDS rounds of A B ..., each side from its own clean worktree with
# its bench jar built, running the same scenario arguments; RocksDB's compactions of each store are
# read from its LOG (compactions.py beside this script).
#   [KEEP_LOGS=1] ab.sh OUT ROUNDS NAME=CHECKOUT... -- SCENARIO-ARGS...
# KEEP_LOGS=1 also keeps each LOG, gzipped, beside the run's results.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$(realpath -m "$1") rounds=$2; shift 2  # absolute: each run starts in its checkout
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
    (cd "$checkout" && /usr/bin/time -v java -jar letterbox-bench/target/letterbox-bench.jar "$@" \
        --no-progress --out "$dir" --dir "$data" --keep-data) > "$dir/run.txt" 2> "$dir/time.txt"
    for log in "$data"/*/*/LOG; do
      python3 "$here/compactions.py" "$log" > "$dir/compactions-$(basename "$(dirname "$log")").txt"
      [ "${KEEP_LOGS:-}" != 1 ] || gzip -c "$log" > "$dir/LOG-$(basename "$(dirname "$log")").gz"
    done
    rm -rf "$data"
  done
done
echo "$(date -u +%FT%TZ) done" | tee -a "$out/log"
