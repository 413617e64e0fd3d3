#!/bin/bash
# Profile the server under one wrk operation at C connections: start the server jar (./letterbox's
# JVM flags), seed it with the http scenario (which then runs OP at C connections for 20 s after
# 10 s of warm-up), attach async-profiler for 10 s, then 5 s by thread, once the warm-up has passed.
#   profile-http.sh OUT OP C JARDIR
# The agent: libasyncProfiler.so unpacked from Maven Central's tools.profiler:async-profiler:4.2
# (async-profiler-4.2-linux-x64.jar) into /work/ap/linux-x64/. Run from a clean checkout with its jars built.
set -u
OUT=$1; OP=$2; C=$3; JARDIR=$4
mkdir -p "$OUT"; rm -rf /tmp/prof-data
cd "$JARDIR"
java -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError -Dfile.encoding=UTF-8 -jar letterbox-server/target/letterbox-server.jar \
  serve --port 18700 --data-dir /tmp/prof-data > "$OUT/server.log" 2>&1 &
SP=$!
for i in $(seq 60); do curl -s -o /dev/null http://127.0.0.1:18700/health && break; sleep 1; done
java -jar letterbox-bench/target/letterbox-bench.jar http --quick --no-progress --url http://127.0.0.1:18700 \
  --operations $OP --connections $C --seconds 20 --warmup 10 --paced-tries 1 --out "$OUT/result" > "$OUT/bench.log" 2>&1 &
BP=$!
# wait until wrk runs (seeding done, warm-up started), then 12 s more for the warm-up to pass
while ! pgrep -x wrk > /dev/null; do sleep 1; done
sleep 12
AP=/work/ap/linux-x64/libasyncProfiler.so
jcmd $SP JVMTI.agent_load $AP "\"start,event=cpu,interval=1ms\"" > /dev/null
sleep 10
jcmd $SP JVMTI.agent_load $AP "\"stop,file=$OUT/cpu.collapsed,collapsed\"" > /dev/null
jcmd $SP JVMTI.agent_load $AP "\"start,event=cpu,interval=1ms,threads\"" > /dev/null
sleep 5
jcmd $SP JVMTI.agent_load $AP "\"stop,file=$OUT/threads.collapsed,collapsed\"" > /dev/null
wait $BP
kill $SP; wait $SP
gzip -f "$OUT/cpu.collapsed" "$OUT/threads.collapsed"
