#!/bin/bash
# profile-sends.sh OUT on|off, from a checkout's root with its jars built: a server with user tokens and the
# per-user limits on (defaults) or off, sends at 64 connections under the http scenario (--user-tokens),
# async-profiler (AGENT: libasyncProfiler.so of Maven Central's tools.profiler:async-profiler:4.2) for 10 s.
OUT=$1; ARM=$2; CHECKOUT=$(pwd)
mkdir -p $OUT; rm -rf /tmp/prof/data-$ARM
cat > $OUT/s.properties <<P
api-keys=prof-key
user-token-secret=prof-token-secret-0123456789-abcdefghij
P
if [[ $ARM == off ]]; then for k in user-sends-per-second user-streams user-uploads user-blob-bytes-per-day user-groups-per-day user-member-adds-per-day user-searches-per-second; do echo "$k=0" >> $OUT/s.properties; done; fi
cd "$CHECKOUT"
java -XX:+UseG1GC -Dfile.encoding=UTF-8 -jar letterbox-server/target/letterbox-server.jar serve --port 18700 --data-dir /tmp/prof/data-$ARM --config $OUT/s.properties > $OUT/server.log 2>&1 &
SP=$!
for i in $(seq 60); do curl -s -o /dev/null http://127.0.0.1:18700/health && break; sleep 1; done
java -jar letterbox-bench/target/letterbox-bench.jar http --quick --no-progress --url http://127.0.0.1:18700 --key prof-key \
  --token-secret prof-token-secret-0123456789-abcdefghij --user-tokens --operations send --connections 64 --seconds 20 --warmup 10 --paced-tries 1 --out $OUT/result > $OUT/bench.log 2>&1 &
BP=$!
while ! pgrep -x wrk > /dev/null; do sleep 0.5; done
sleep 12
AP="${AGENT:-/tmp/ap/linux-x64/libasyncProfiler.so}"
jcmd $SP JVMTI.agent_load $AP "\"start,event=cpu,interval=1ms\"" > /dev/null
sleep 10
jcmd $SP JVMTI.agent_load $AP "\"stop,file=$OUT/cpu.collapsed,collapsed\"" > /dev/null
wait $BP
kill $SP; wait $SP
