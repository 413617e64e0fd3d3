#!/bin/bash
# Every second: the JVM's minor page faults, the CPU time of the kernel's kdamond threads (DAMON)
# and the bytes DAMON's schemes applied (paged out), as deltas over that second.
#   sample.sh PID SECONDS
pid=$1; secs=$2
damon=/sys/kernel/mm/damon/admin/kdamonds/0
ticks=$(getconf CLK_TCK)
kd() { local t=0; for p in $(pgrep kdamond); do t=$((t + $(awk '{print $14 + $15}' /proc/$p/stat))); done; echo $t; }
applied() { echo update_schemes_stats > $damon/state 2>/dev/null; cat $damon/contexts/0/schemes/0/stats/sz_applied 2>/dev/null || echo 0; }
pf0=$(awk '{print $10}' /proc/$pid/stat); kd0=$(kd); ap0=$(applied)
echo "time minflt/s kdamond_ms/s damon_applied_MB/s"
for _ in $(seq "$secs"); do
  sleep 1
  [[ -r /proc/$pid/stat ]] || break
  pf=$(awk '{print $10}' /proc/$pid/stat); k=$(kd); ap=$(applied)
  echo "$(date -u +%T) $((pf - pf0)) $(((k - kd0) * 1000 / ticks)) $(((ap - ap0) / 1048576))"
  pf0=$pf; kd0=$k; ap0=$ap
done
