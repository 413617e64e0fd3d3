#!/usr/bin/env bash
# Sends over HTTP with the search indexer on and off, alternated, each on a fresh data directory:
# wrk -t2 -c256, 5 s of warm-up, then 10 s measured. Run from a clean clone after
# ./mvnw -B -q -DskipTests -pl letterbox-server -am package; needs wrk and curl.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jar=${JAR:-letterbox-server/target/letterbox-server.jar}
work=$(mktemp -d)
for mode in on off on off; do
  echo "search=$([ $mode = on ] && echo true || echo false)" > "$work/cfg"
  rm -rf "$work/data"
  java -jar "$jar" serve --port 18950 --data-dir "$work/data" --config "$work/cfg" > "$work/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 60); do curl -s localhost:18950/health > /dev/null && break; sleep 0.5; done
  wrk -t2 -c256 -d5s -s "$here/send.lua" http://127.0.0.1:18950 > /dev/null 2>&1
  echo "search $mode: $(wrk -t2 -c256 -d10s --latency -s "$here/send.lua" http://127.0.0.1:18950 \
    | grep -E 'Requests/sec|  50%|  99%|Non-2xx' | tr -s ' ' | tr '\n' ' ')"
  kill $pid; wait $pid 2>/dev/null || true
done
rm -rf "$work"
