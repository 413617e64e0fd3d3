#!/bin/bash
# One server setting at two or more values, each on a fresh server and store, alternated, ROUNDS
# (default 2) rounds of the http scenario at quick size over OPS (default send,page,list,unread) at
# CONNS (default 1,16,64,256). The server runs with ./letterbox's JVM flags (G1). Run from a clean
# checkout whose jars are built:
#   setting-ab.sh OUT KEY VALUE...     e.g. setting-ab.sh /tmp/workers worker-threads 32 4
set -u
OUT=$1; KEY=$2; shift 2
mkdir -p "$OUT"
for round in $(seq "${ROUNDS:-2}"); do
  for v in "$@"; do
    rm -rf /tmp/setting-ab-data; echo "$KEY=$v" > "$OUT/$KEY-$v.properties"
    echo "$(date -u +%T) round $round $KEY=$v ($(git rev-parse --short HEAD)), load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/progress.txt"
    java -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError -Dfile.encoding=UTF-8 -jar letterbox-server/target/letterbox-server.jar \
      serve --port 18700 --data-dir /tmp/setting-ab-data --config "$OUT/$KEY-$v.properties" > "$OUT/server-$round-$v.log" 2>&1 &
    SP=$!
    for i in $(seq 60); do curl -s -o /dev/null http://127.0.0.1:18700/health && break; sleep 1; done
    java -jar letterbox-bench/target/letterbox-bench.jar http --quick --no-progress --url http://127.0.0.1:18700 \
      --operations "${OPS:-send,page,list,unread}" --connections "${CONNS:-1,16,64,256}" --warmup 20 \
      --out "$OUT/r$round-$v" > "$OUT/r$round-$v.log" 2>&1
    kill $SP; wait $SP
  done
done
rm -rf /tmp/setting-ab-data
echo "$(date -u +%T) done" >> "$OUT/progress.txt"
