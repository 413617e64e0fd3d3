#!/bin/bash
# Profile the server under one wrk operation: start the server jar, seed it with the http scenario
# (which then runs OP at 64 connections), attach async-profiler for 10 s, then 5 s by thread, once
# its warm-up has passed.
# profile-http.sh OUT OP JARDIR
# The agent: libasyncProfiler.so unpacked from Maven Central's tools.profiler:async-profiler:4.2
# (async-profiler-4.2-linux-x64.jar) into /work/ap/linux-x64/. Run from a clean checkout with its jars built.
set -u
OUT=$1; OP=$2; JARDIR=$3
mkdir -p "$OUT"; rm -rf /tmp/prof-data
cd "$JARDIR"
java -XX:+UseG1GC -jar letterbox-server/target/letterbox-server.jar serve --port 18700 --data-dir /tmp/prof-data > "$OUT/server.log" 2>&1 &
SP=$!
for i in $(seq 60); do curl -s -o /dev/null http://127.0.0.1:18700/v1/health && break; sleep 1; done
java -jar letterbox-bench/target/letterbox-bench.jar http --quick --no-progress --url http://127.0.0.1:18700 \
  --operations $OP --connections 64 --seconds 20 --warmup 10 --paced-tries 1 --out "$OUT/result" > "$OUT/bench.log" 2>&1 &
BP=$!
# wait until wrk runs (seeding done, warm-up started), then 12 s more for the warm-up to pass
while ! pgrep -x wrk > /dev/null; do sleep 1; done
sleep 12
jcmd $SP JVMTI.agent_load /work/ap/linux-x64/libasyncProfiler.so "\"start,event=cpu,interval=1ms\"" > /dev/null
sleep 10
jcmd $SP JVMTI.agent_load /work/ap/linux-x64/libasyncProfiler.so "\"stop,file=$OUT/cpu.collapsed,collapsed\"" > /dev/null
jcmd $SP JVMTI.agent_load /work/ap/linux-x64/libasyncProfiler.so "\"start,event=cpu,interval=1ms,threads\"" > /dev/null
sleep 5
jcmd $SP JVMTI.agent_load /work/ap/linux-x64/libasyncProfiler.so "\"stop,file=$OUT/threads.collapsed,collapsed\"" > /dev/null
wait $BP
kill $SP; wait $SP
