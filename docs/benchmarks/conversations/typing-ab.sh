#!/usr/bin/env bash
# The events scenario at each --typing-rate of RATES (default: 0 and 5000) alternated, a fresh
# server and store per run (the server jar of CHECKOUT started with CONFIG); result files in
# OUT/rate-RATE/roundN/.
#   [RATES="0 1000 5000"] typing-ab.sh OUT ROUNDS CHECKOUT CONFIG [EVENTS-ARGS...]
set -euo pipefail
out=$(realpath -m "$1") rounds=$2 checkout=$3 config=$(realpath "$4")
mkdir -p "$out"
for round in $(seq 1 "$rounds"); do
  for rate in ${RATES:-0 5000}; do
    dir=$out/rate-$rate/round$round server_dir=$(mktemp -d)
    mkdir -p "$dir"
    echo "$(date -u +%FT%TZ) typing $rate round $round, load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/log"
    (cd "$server_dir" && exec java -jar "$checkout/letterbox-server/target/letterbox-server.jar" serve --port 0 \
        --config "$config" > "$server_dir/server.log" 2>&1) &
    server=$!
    port=""
    for _ in $(seq 1 600); do
      port=$(sed -n 's/.*Letterbox listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$server_dir/server.log" | head -1)
      [[ -n "$port" ]] && break
      sleep 0.5
    done
    [[ -n "$port" ]] || { cat "$server_dir/server.log"; kill "$server"; exit 1; }
    (cd "$checkout" && java -jar letterbox-bench/target/letterbox-bench.jar events --url "http://127.0.0.1:$port" \
        --typing-rate "$rate" --no-progress --out "$dir" "${@:5}") > "$dir/run.txt" 2>&1 || echo "run failed: $dir" | tee -a "$out/log"
    kill "$server"; wait "$server" || true
    cp "$server_dir/server.log" "$dir/server.log"
    rm -rf "$server_dir"
  done
done
echo "$(date -u +%FT%TZ) done" | tee -a "$out/log"
