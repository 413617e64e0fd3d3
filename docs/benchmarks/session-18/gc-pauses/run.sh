#!/bin/bash
# Newest pages over HTTP with the server's GC and safepoint pauses logged: are the stalls pauses?
set -u
OUT=${OUT:-/tmp/gc}; mkdir -p $OUT; rm -rf /tmp/gc-data
J=/tmp/final
java ${GCFLAGS:-} -Xlog:gc:file=$OUT/gc.log:uptime,utctime -Xlog:safepoint:file=$OUT/safepoint.log:utctime -jar $J/letterbox-server.jar serve --port 18700 --data-dir /tmp/gc-data > $OUT/server.log 2>&1 &
SP=$!
for i in $(seq 60); do curl -s -o /dev/null http://127.0.0.1:18700/v1/health && break; sleep 1; done
(cd /work/main && java -jar $J/letterbox-bench.jar http --quick --no-progress --url http://127.0.0.1:18700 --operations page,list --out $OUT/run > $OUT/run.log 2>&1)
kill $SP; wait $SP
rm -rf /tmp/gc-data
