#!/bin/bash
# What of the machine bounds a tail: the kernel's preemption model and DAMON's schemes (what
# damon.txt holds for the benchmark machine). Run as root for DAMON's stats.
S=/sys/kernel/mm/damon/admin/kdamonds/0/contexts/0
echo "# $(date -u +%FT%TZ), kernel $(uname -r)"
zcat /proc/config.gz 2>/dev/null | grep -E "^CONFIG_PREEMPT(_NONE|_VOLUNTARY|)=|^# CONFIG_PREEMPT |^CONFIG_PREEMPT_DYNAMIC"
cat /sys/kernel/debug/sched/preempt 2>/dev/null
[[ -d $S ]] || { echo "no DAMON kdamond configured"; exit 0; }
echo "kdamond state: $(cat /sys/kernel/mm/damon/admin/kdamonds/0/state)"
echo "operations: $(cat $S/operations)"
for f in $S/monitoring_attrs/intervals/sample_us $S/monitoring_attrs/intervals/aggr_us $S/schemes/0/action \
    $S/schemes/0/quotas/ms $S/schemes/0/quotas/bytes $S/schemes/0/quotas/reset_interval_ms $S/schemes/0/access_pattern/*/*; do
  echo "${f#$S/}: $(cat "$f")"
done
echo update_schemes_stats > /sys/kernel/mm/damon/admin/kdamonds/0/state 2>/dev/null
for f in $S/schemes/0/stats/*; do echo "${f#$S/}: $(cat "$f")"; done
echo "uptime: $(cat /proc/uptime)"
ps -o pid,time,comm -C kdamond.0
grep SwapTotal /proc/meminfo
