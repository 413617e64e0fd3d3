#!/bin/bash
# (after-1 was the same command run by hand from CHECKOUT-e2b24ae at 16:19, before this script)
# one full-size send run (Letterbox alone) from CHECKOUT, its store's compactions kept: run.sh NAME CHECKOUT
name=$1 co=$2 d=$(mktemp -d /work/fullsend.XXXX)
echo "$(date -u +%T) $name ($(git -C $co rev-parse --short HEAD)) load $(cut -d' ' -f1-3 /proc/loadavg)" >> /work/fullab/log
(cd $co && java -jar letterbox-bench/target/letterbox-bench.jar send --no-progress --out /work/fullab/$name --dir $d --keep-data) > /work/fullab/$name.log 2>&1
python3 "$(dirname "$0")/../compactions.py" $d/*/letterbox/LOG > /work/fullab/compactions-$name.txt
rm -rf $d
