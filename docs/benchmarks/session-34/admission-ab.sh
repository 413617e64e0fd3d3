#!/bin/bash
# The message cache's admission on a second read, before (CHECKOUT-before) and after
# (CHECKOUT-after), each from its own clean worktree with its jars built, alternated:
#  1. read-page --quick, Letterbox alone, 2 rounds (pages whose working set fits the cache);
#  2. mixed (full), Letterbox alone, with the collector's log, 2 rounds;
#  3. http --quick over pages and lists, 2 rounds (the server's pages read at random).
#   admission-ab.sh OUT BEFORE AFTER
set -u
OUT=$1 BEFORE=$2 AFTER=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT"
bash "$here/../session-25/postings-level0/ab.sh" "$OUT/read-page" 2 before="$BEFORE" after="$AFTER" -- read-page --quick
for round in 1 2; do
  for side in before after; do
    dir=$BEFORE; [ $side = after ] && dir=$AFTER
    d=$OUT/mixed/r$round-$side; mkdir -p "$d"
    echo "$(date -u +%T) mixed round $round $side, load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/progress.txt"
    (cd "$dir" && java -Xlog:gc,safepoint:file="$d/gc.log":uptime,tid -jar letterbox-bench/target/letterbox-bench.jar \
      mixed --no-progress --out "$d" > "$d/run.txt" 2>&1)
    gzip -f "$d/gc.log"
  done
done
bash "$here/../session-25/http-sends/ab.sh" "$OUT/http" page,list before="$BEFORE" after="$AFTER"
echo "$(date -u +%T) done" >> "$OUT/progress.txt"
