#!/bin/bash
# prof.sh OUT OPS: run from /tmp/hp with JAR= and BJAR= naming the server and bench jars (default /work/main's)
# and async-profiler's libasyncProfiler.so at /tmp/prof/ap/linux-x64/ (from Maven Central's tools.profiler:async-profiler 3.0).
# prof.sh OUT OPS : fresh server (ZGC), bench http seeds and runs OPS at 64 connections; profile 15 s of wrk
set -u
OUT=$1; OPS=$2; JAR=${JAR:-/work/main/letterbox-server/target/letterbox-server.jar}; BJAR=${BJAR:-/work/main/letterbox-bench/target/letterbox-bench.jar}
mkdir -p $OUT; rm -rf /tmp/hp/data
java -XX:+UseZGC -XX:+ExitOnOutOfMemoryError -jar $JAR serve --port 18700 --data-dir /tmp/hp/data > $OUT/server.log 2>&1 &
SP=$!
for i in $(seq 60); do curl -s -o /dev/null http://127.0.0.1:18700/health && break; sleep 1; done
java -jar $BJAR http --quick --no-progress --url http://127.0.0.1:18700 --operations $OPS --connections 64 --warmup 30 --seconds 10 --out $OUT/res > $OUT/bench.log 2>&1 &
BP=$!
until pgrep -x wrk >/dev/null; do sleep 0.5; done
sleep 8
jcmd $SP JVMTI.agent_load /tmp/prof/ap/linux-x64/libasyncProfiler.so "\"start,event=cpu,interval=1ms\"" > /dev/null
sleep 15
jcmd $SP JVMTI.agent_load /tmp/prof/ap/linux-x64/libasyncProfiler.so "\"stop,file=$OUT/prof.collapsed,collapsed\"" > /dev/null
wait $BP
kill $SP; wait $SP
