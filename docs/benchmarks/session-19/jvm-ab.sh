#!/bin/bash
# The server under the http scenario (quick size, 20 s warm-up per operation) with two or more
# sets of JVM flags, each on a fresh server and store, alternated, two rounds, GC pauses logged.
# Run from a clean checkout whose jars are built:
#   jvm-ab.sh OUT NAME='FLAGS' NAME='FLAGS'...   e.g. jvm-ab.sh /tmp/gc g1='' zgc='-XX:+UseZGC'
set -u
OUT=$1; shift
mkdir -p "$OUT"
for round in 1 2; do
  for pair in "$@"; do
    name=${pair%%=*}; flags=${pair#*=}
    rm -rf /tmp/jvm-ab-data; echo "$flags" > "$OUT/$name.flags"
    echo "$(date -u +%T) round $round $name ($flags)" >> "$OUT/progress.txt"
    java $flags -Xlog:gc:file="$OUT/gc-$round-$name.log":uptime,utctime \
      -jar letterbox-server/target/letterbox-server.jar serve --port 18700 --data-dir /tmp/jvm-ab-data \
      > "$OUT/server-$round-$name.log" 2>&1 &
    SP=$!
    for i in $(seq 60); do curl -s -o /dev/null http://127.0.0.1:18700/v1/health && break; sleep 1; done
    java -jar letterbox-bench/target/letterbox-bench.jar http --quick --warmup 20 --no-progress \
      --url http://127.0.0.1:18700 --out "$OUT/r$round-$name" > "$OUT/r$round-$name.log" 2>&1
    kill $SP; wait $SP
  done
done
echo "$(date -u +%T) done" >> "$OUT/progress.txt"
rm -rf /tmp/jvm-ab-data
