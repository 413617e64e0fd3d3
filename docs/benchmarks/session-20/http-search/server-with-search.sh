#!/bin/bash
# runs http --quick --operations send against a server with search=$1 started here, N=$2 times
S=$1; N=$2; OUT=$3
cd "${CHECKOUT:?a clean worktree of the commit, built}"
for i in $(seq 1 $N); do
  D=$(mktemp -d /tmp/lbsrv.XXXX)
  printf "search=%s\n" $S > $D/conf.properties
  java -XX:+UseZGC -XX:+ExitOnOutOfMemoryError -Dfile.encoding=UTF-8 -jar letterbox-server/target/letterbox-server.jar serve --config $D/conf.properties --port 18777 --data-dir $D/data > $D/server.log 2>&1 &
  PID=$!
  for t in $(seq 1 120); do curl -sf http://127.0.0.1:18777/health >/dev/null && break; sleep 1; done
  java -jar letterbox-bench/target/letterbox-bench.jar http --quick --warmup 20 --operations send --url http://127.0.0.1:18777 --no-progress --out $OUT > $OUT-$i.log 2>&1
  kill $PID; wait $PID; rm -rf $D
done
echo ALLDONE
