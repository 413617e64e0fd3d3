#!/usr/bin/env bash
# Per-user limits off and on, alternated, each run a new server from the same jar; every request a
# user's, with a user token (so the limits apply). "on" is the defaults (20 sends a second per user,
# bursts of 40; nothing is refused at this load: 10,000 users), "off" every user-… limit 0.
#   docs/benchmarks/per-user-limits/ab.sh OUT ROUNDS      (from a checkout's root, its jars built)
set -euo pipefail
out=$1; rounds=${2:-2}
off=(--server-setting user-sends-per-second=0 --server-setting user-streams=0 --server-setting user-uploads=0
     --server-setting user-blob-bytes-per-day=0 --server-setting user-groups-per-day=0
     --server-setting user-member-adds-per-day=0 --server-setting user-searches-per-second=0)
for round in $(seq "$rounds"); do
  arms=(off on); if (( round % 2 == 0 )); then arms=(on off); fi
  for arm in "${arms[@]}"; do
    mkdir -p "$out/$arm"
    args=(); if [[ $arm == off ]]; then args=("${off[@]}"); fi
    echo "round $round $arm $(date -u +%T)"
    java -jar letterbox-bench/target/letterbox-bench.jar http --quick --user-tokens --operations send,page \
      --connections 16,64 "${args[@]}" --no-progress --out "$out/$arm" > "$out/$arm/round$round.log" 2>&1
  done
done
