#!/bin/bash
# One fresh server (jar of the checkout this runs from) with the given collector flags, the http
# scenario's sends at one connection against it (seeded as the scenario seeds, 20 s warm-up, then
# one connection for 10 s and the two paced runs), with wake.py (an unrelated process's wake-ups)
# and sample.sh (the server's minor faults, DAMON's CPU and page-outs) beside it the whole time.
#   run.sh OUT NAME 'JVM FLAGS'     e.g. run.sh /tmp/one zgc -XX:+UseZGC ; run.sh /tmp/one g1 ''
set -u
OUT=$1; NAME=$2; FLAGS=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT"; data=$(mktemp -d)
java $FLAGS -XX:+ExitOnOutOfMemoryError -Dfile.encoding=UTF-8 -jar letterbox-server/target/letterbox-server.jar \
  serve --port 18801 --data-dir "$data" > "$OUT/$NAME.server.log" 2>&1 &
server=$!
for _ in $(seq 120); do curl -sf http://127.0.0.1:18801/health > /dev/null && break; sleep 0.5; done
python3 "$here/wake.py" 200 > "$OUT/$NAME.wake" &
wake=$!
"$here/sample.sh" "$server" 200 > "$OUT/$NAME.sample" &
sample=$!
java -jar letterbox-bench/target/letterbox-bench.jar http --quick --no-progress --operations send --connections 1 \
  --paced-tries 1 --seconds 10 --warmup 20 --url http://127.0.0.1:18801 --out "$OUT/$NAME" > "$OUT/$NAME.log" 2>&1
kill $wake $sample $server; wait $server
rm -rf "$data"
