#!/usr/bin/env python3
"""Per mixed run directory (r<round>-<side>, each with its result file and gc.log.gz): the
operations' p50/p99 and the young pauses of G1 in the run's last 70 s (its measured minute and the
summary after it). Usage: mixed-gc.py DIR"""
import glob, gzip, json, os, re, sys
for d in sorted(glob.glob(os.path.join(sys.argv[1], '*'))):
    res = glob.glob(os.path.join(d, 'mixed-*.json'))
    if not res:
        continue
    r = json.load(open(res[0]))
    ops = []
    for x in r['results']:
        f = x.get('figures') or {}
        if 'p99 ms' in f:
            ops.append('%s %.2f/%.1f' % (x['operation'].split(': ')[-1], f['p50 ms'], f['p99 ms']))
    ps = []
    for l in gzip.open(os.path.join(d, 'gc.log.gz'), 'rt'):
        m = re.match(r'\[(\d+\.\d+)s\].*GC\(\d+\) Pause Young.* (\d+\.\d+)ms$', l.strip())
        if m:
            ps.append((float(m.group(1)), float(m.group(2))))
    end = ps[-1][0]
    w = sorted(p[1] for p in ps if p[0] >= end - 70)
    print('%s %s | p50/p99 ms: %s | young pauses in the last 70 s: %d, %.0f ms in all, median %.0f, max %.0f'
          % (os.path.basename(d), r['machine']['commit'], '; '.join(ops), len(w), sum(w), w[len(w) // 2], w[-1]))
