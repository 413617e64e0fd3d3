#!/bin/bash
# Every second: the time and the bench's current progress label (to place wake.py's lines in phases)
F=$1; OUT=$2; last=""
while true; do
  cur=$(tail -c 400 "$F" | tr '\r' '\n' | grep -v '^\s*$' | tail -1 | cut -c1-29)
  if [ "$cur" != "$last" ]; then echo "$(date -u +%T) $cur" >> "$OUT"; last=$cur; fi
  sleep 1
done
