#!/bin/bash
# Named server configurations, each on a fresh server and store, alternated, ROUNDS (default 2)
# rounds of the http scenario at quick size over OPS (default send,page,list,unread) at CONNS
# (default 1,16,64,256), WARMUP (default 20) seconds of warm-up each. Each variant is a server
# properties file (empty: the defaults); in it @ENDPOINT@ stands for a platform endpoint this
# script starts (letterbox-bench's PlatformEndpoint: POST /before-send allows at once, other POSTs
# are webhook calls answered 204), @KAFKA@ for a one-node Kafka it starts (local-kafka/start-kafka),
# @RUN@ for the run's own name (for a topic or transactional-id prefix no earlier run used).
# While the bench runs, /metrics' lag gauges and hook timer are sampled each second into
# OUT/rN-NAME.metrics.txt. The server runs with ./letterbox's JVM flags (G1). Run from a clean
# checkout whose jars are built:
#   settings-ab.sh OUT NAME=PROPERTIES-FILE...
#   e.g. settings-ab.sh /tmp/hooks off=/dev/null hook=docs/benchmarks/http/hooks/hook.properties
set -u
OUT=$1; shift
ROOT=$(pwd); HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT"
EP_PORT=18799; KAFKA_PORT=18792
pids=()
if cat "${@#*=}" | grep -q @ENDPOINT@; then
  java -cp letterbox-bench/target/letterbox-bench.jar io.letterbox.bench.scenario.PlatformEndpoint $EP_PORT \
    > "$OUT/endpoint.log" 2>&1 & pids+=($!)
  for i in $(seq 60); do curl -s -o /dev/null http://127.0.0.1:$EP_PORT/ && break; sleep 1; done
fi
if cat "${@#*=}" | grep -q @KAFKA@; then
  rm -rf /tmp/settings-ab-kafka
  local-kafka/start-kafka /tmp/settings-ab-kafka $KAFKA_PORT > "$OUT/kafka.log" 2>&1 & pids+=($!)
  for i in $(seq 120); do grep -q ready "$OUT/kafka.log" && break; sleep 1; done
fi
for round in $(seq "${ROUNDS:-2}"); do
  for variant in "$@"; do
    name=${variant%%=*}; run=r$round-$name
    rm -rf /tmp/settings-ab-data
    sed -e "s/@ENDPOINT@/127.0.0.1:$EP_PORT/g" -e "s/@KAFKA@/127.0.0.1:$KAFKA_PORT/g" -e "s/@RUN@/$run/g" \
      "${variant#*=}" > "$OUT/$run.properties"
    echo "$(date -u +%T) $run ($(git rev-parse --short HEAD)), load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/progress.txt"
    java -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError -Dfile.encoding=UTF-8 ${SERVER_JAVA_OPTS:-} \
      -jar letterbox-server/target/letterbox-server.jar \
      serve --port 18700 --data-dir /tmp/settings-ab-data --config "$OUT/$run.properties" > "$OUT/server-$run.log" 2>&1 &
    SP=$!
    for i in $(seq 60); do curl -s -o /dev/null http://127.0.0.1:18700/health && break; sleep 1; done
    (while sleep 1; do
       echo "$(date -u +%T) $(curl -s http://127.0.0.1:18700/metrics \
         | grep -E '^letterbox_(webhook|kafka)_lag_events|^letterbox_hook_before_send_seconds_(count|sum)' | tr '\n' ' ')"
     done) > "$OUT/$run.metrics.txt" 2>/dev/null & MP=$!
    java -jar letterbox-bench/target/letterbox-bench.jar http --quick --no-progress --url http://127.0.0.1:18700 \
      --operations "${OPS:-send,page,list,unread}" --connections "${CONNS:-1,16,64,256}" --warmup "${WARMUP:-20}" \
      ${BENCH_ARGS:-} --out "$OUT/$run" > "$OUT/$run.log" 2>&1
    sleep 5; kill $MP; wait $MP 2>/dev/null
    curl -s http://127.0.0.1:$EP_PORT/ > "$OUT/$run.endpoint.txt" 2>/dev/null
    kill $SP; wait $SP
  done
done
for p in "${pids[@]}"; do kill "$p"; wait "$p" 2>/dev/null; done
rm -rf /tmp/settings-ab-data /tmp/settings-ab-kafka
echo "$(date -u +%T) done" >> "$OUT/progress.txt"
