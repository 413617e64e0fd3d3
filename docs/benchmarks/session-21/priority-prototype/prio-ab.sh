#!/bin/bash
low) RUN|low) RUN ; runs one http --quick send,health against a fresh server
OUT=$1; MODE=$2; RUN=$3
cd "${CHECKOUT:-/work/main}"  # a clean worktree of the commit, built
D=$(mktemp -d /tmp/lbsrv.XXXX)
java -XX:+UseZGC -XX:+ExitOnOutOfMemoryError -Dfile.encoding=UTF-8 -jar letterbox-server/target/letterbox-server.jar serve --port 18777 --data-dir $D/data > $D/server.log 2>&1 &
PID=$!
for t in $(seq 1 120); do curl -sf http://127.0.0.1:18777/health >/dev/null && break; sleep 1; done
if [ "$MODE" = low ] || [ "$MODE" = idx ]; then
  PAT="rocksdb:low*|letterbox-index*"; [ "$MODE" = idx ] && PAT="letterbox-index*"
  ( while kill -0 $PID 2>/dev/null; do
      for t in /proc/$PID/task/*; do
        c=$(cat $t/comm 2>/dev/null)
        if [[ "$c" == letterbox-index* ]] || { [ "$MODE" = low ] && [[ "$c" == rocksdb:low* ]]; }; then renice -n 19 -p ${t##*/} >/dev/null 2>&1; fi
      done; sleep 1; done ) &
fi
mkdir -p $OUT
java -jar letterbox-bench/target/letterbox-bench.jar http --quick --warmup 20 --operations ${OPS:-send,health} --url http://127.0.0.1:18777 --no-progress --out $OUT/$MODE-$RUN > $OUT/$MODE-$RUN.log 2>&1
for t in /proc/$PID/task/*; do echo "$(cat $t/comm) $(awk '{print $19}' $t/stat)"; done | sort | uniq -c > $OUT/$MODE-$RUN.threads
kill $PID; wait $PID; rm -rf $D
