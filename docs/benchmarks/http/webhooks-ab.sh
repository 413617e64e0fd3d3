#!/bin/bash
# Webhooks off and on, each on a fresh server and store, alternated, ROUNDS rounds of the http
# scenario at quick size over the sends. On: webhook-url points at endpoint.py (204 at once).
# Run from a clean checkout whose jars are built: webhooks-ab.sh OUT
set -u
OUT=$1; HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT"
: > "$OUT/off.properties"
printf 'webhook-url=http://127.0.0.1:18799/events\nwebhook-secret=s\n' > "$OUT/on.properties"
python3 "$HERE/webhook-endpoint.py" 18799 & EP=$!
for round in $(seq "${ROUNDS:-2}"); do
  for v in off on; do
    rm -rf /tmp/webhooks-ab-data
    echo "$(date -u +%T) round $round webhooks $v ($(git rev-parse --short HEAD)), load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/progress.txt"
    java -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError -Dfile.encoding=UTF-8 -jar letterbox-server/target/letterbox-server.jar \
      serve --port 18700 --data-dir /tmp/webhooks-ab-data --config "$OUT/$v.properties" > "$OUT/server-$round-$v.log" 2>&1 &
    SP=$!
    for i in $(seq 60); do curl -s -o /dev/null http://127.0.0.1:18700/health && break; sleep 1; done
    java -jar letterbox-bench/target/letterbox-bench.jar http --quick --no-progress --url http://127.0.0.1:18700 \
      --operations send --connections "${CONNS:-16,64}" --warmup 5 \
      --out "$OUT/r$round-$v" > "$OUT/r$round-$v.log" 2>&1
    curl -s http://127.0.0.1:18700/metrics | grep -E '^letterbox_webhook_lag_events' > "$OUT/r$round-$v.lag.txt"
    curl -s http://127.0.0.1:18799/ > "$OUT/r$round-$v.endpoint.txt"
    kill $SP; wait $SP
  done
done
kill $EP
rm -rf /tmp/webhooks-ab-data
echo "$(date -u +%T) done" >> "$OUT/progress.txt"
