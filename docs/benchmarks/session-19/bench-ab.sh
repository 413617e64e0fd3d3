#!/bin/bash
# The http scenario (quick size, 20 s warm-up per operation) from two or more bench builds, each
# against a fresh server (the first checkout's server jar, ./letterbox's JVM flags), alternated, two
# rounds. Each bench runs from its own clean checkout with built jars:
#   bench-ab.sh OUT NAME=CHECKOUT NAME=CHECKOUT...   e.g. bench-ab.sh /tmp/p old=/tmp/wt new=/tmp/wt2
set -u
OUT=$1; shift
mkdir -p "$OUT"
first=${1#*=}
for round in 1 2; do
  for pair in "$@"; do
    name=${pair%%=*}; dir=${pair#*=}
    rm -rf /tmp/bench-ab-data
    echo "$(date -u +%T) round $round $name ($dir, $(git -C "$dir" rev-parse --short HEAD))" >> "$OUT/progress.txt"
    java -XX:+UseZGC -XX:+ExitOnOutOfMemoryError -Dfile.encoding=UTF-8 \
      -jar "$first/letterbox-server/target/letterbox-server.jar" serve --port 18700 --data-dir /tmp/bench-ab-data \
      > "$OUT/server-$round-$name.log" 2>&1 &
    SP=$!
    for i in $(seq 60); do curl -s -o /dev/null http://127.0.0.1:18700/v1/health && break; sleep 1; done
    (cd "$dir" && java -jar letterbox-bench/target/letterbox-bench.jar http --quick --warmup 20 --no-progress \
      --url http://127.0.0.1:18700 --out "$OUT/r$round-$name") > "$OUT/r$round-$name.txt" 2>&1
    kill $SP; wait $SP
  done
done
echo "$(date -u +%T) done" >> "$OUT/progress.txt"
rm -rf /tmp/bench-ab-data
