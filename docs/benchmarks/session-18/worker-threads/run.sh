#!/bin/bash
# worker-threads 32 (default) against 8 and 4, the same jar (main), fresh server and store each, alternated, 2 rounds.
set -u
OUT=/tmp/workers; mkdir -p $OUT
J=/tmp/final
for round in 1 2; do
  for n in 32 8; do
    rm -rf /tmp/workers-data; echo "worker-threads=$n" > $OUT/w$n.properties
    echo "$(date -u +%T) round $round workers $n" >> $OUT/progress.txt
    java -jar $J/letterbox-server.jar serve --port 18700 --data-dir /tmp/workers-data --config $OUT/w$n.properties > $OUT/server-$round-$n.log 2>&1 &
    SP=$!
    for i in $(seq 60); do curl -s -o /dev/null http://127.0.0.1:18700/v1/health && break; sleep 1; done
    (cd /work/main && java -jar $J/letterbox-bench.jar http --quick --no-progress --url http://127.0.0.1:18700 --out $OUT/r$round-w$n > $OUT/r$round-w$n.log 2>&1)
    kill $SP; wait $SP
  done
done
rm -rf /tmp/workers-data
echo "$(date -u +%T) done" >> $OUT/progress.txt
