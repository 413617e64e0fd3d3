#!/bin/bash
# event-loops=1 against event-loops=2, the same jar, each on a fresh server and store, alternated.
set -u
OUT=/tmp/loops; mkdir -p $OUT
J=/tmp/loopsjar
for round in 1 2; do
  for n in 1 2; do
    rm -rf /tmp/loops-data; echo "event-loops=$n" > $OUT/n$n.properties
    echo "$(date -u +%T) round $round loops $n" >> $OUT/progress.txt
    java -jar $J/letterbox-server.jar serve --port 18700 --data-dir /tmp/loops-data --config $OUT/n$n.properties > $OUT/server-$round-$n.log 2>&1 &
    SP=$!
    for i in $(seq 60); do curl -s -o /dev/null http://127.0.0.1:18700/v1/health && break; sleep 1; done
    java -jar $J/letterbox-bench.jar http --quick --no-progress --url http://127.0.0.1:18700 --out $OUT/r$round-n$n > $OUT/r$round-n$n.log 2>&1
    kill $SP; wait $SP
  done
done
rm -rf /tmp/loops-data
echo "$(date -u +%T) done" >> $OUT/progress.txt
