#!/bin/bash
# A variant's server profiled (async-profiler's cpu event, 1 ms) over its sends only: the
# sends at 64 connections of the http scenario, the profiler attached once WARM (default 25) of the
# 30 s of warm-up have run, its collapsed stacks written to OUT/cpu.collapsed when the bench ends.
# AP: async-profiler's libasyncProfiler.so (default /tmp/ap/linux-x64/libasyncProfiler.so).
# Run from a checkout whose jars are built:   profile.sh OUT [PROPERTIES-FILE (default: the hook variant's)]
set -u
AP=${AP:-/tmp/ap/linux-x64/libasyncProfiler.so}
OUT=$1; CONF=${2:-docs/benchmarks/http/hooks/hook.properties}; WARM=${WARM:-25}
mkdir -p "$OUT"; rm -rf /tmp/profile-data
java -cp letterbox-bench/target/letterbox-bench.jar io.letterbox.bench.scenario.PlatformEndpoint 18799 > "$OUT/endpoint.log" 2>&1 & EP=$!
sed -e "s/@ENDPOINT@/127.0.0.1:18799/g" "$CONF" > "$OUT/server.properties"
java -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError -Dfile.encoding=UTF-8 -jar letterbox-server/target/letterbox-server.jar \
  serve --port 18700 --data-dir /tmp/profile-data --config "$OUT/server.properties" > "$OUT/server.log" 2>&1 &
SP=$!
for i in $(seq 60); do curl -s -o /dev/null http://127.0.0.1:18700/health && break; sleep 1; done
java -jar letterbox-bench/target/letterbox-bench.jar http --quick --no-progress --url http://127.0.0.1:18700 \
  --operations send --connections 64 --warmup 30 --seconds 10 --paced-tries 1 --out "$OUT" > "$OUT/bench.log" 2>&1 & BP=$!
# The warm-up starts with the first sends.
until curl -s http://127.0.0.1:18700/metrics \
  | grep -Eq '^letterbox_http_requests_seconds_count\{method="POST",route="/v1/messages",status="201"\} [1-9]'; do sleep 1; done
sleep "$WARM"
echo "$(date -u +%T) attach" >> "$OUT/progress.txt"
jcmd $SP JVMTI.agent_load "$AP" "\"start,event=cpu,interval=1ms\"" >> "$OUT/progress.txt" 2>&1
wait $BP
jcmd $SP JVMTI.agent_load "$AP" "\"stop,file=$OUT/cpu.collapsed,collapsed\"" >> "$OUT/progress.txt" 2>&1
echo "$(date -u +%T) stopped" >> "$OUT/progress.txt"
kill $SP; wait $SP; kill $EP; wait $EP
rm -rf /tmp/profile-data
