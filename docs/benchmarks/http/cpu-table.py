#!/usr/bin/env python3
"""Per operation and run: max req/s (its connections), and at 1 and 64 connections req/s with the
server's CPU µs a request; then p99 at 50 % of max. Usage: cpu-table.py DIR (an A/B's runs: each
directory in DIR that holds a result file is one run, named by the directory)."""
import collections, glob, json, os, re, sys

def rows(path):
    d = json.load(open(glob.glob(os.path.join(path, '*.json'))[0]))
    out = collections.OrderedDict()
    for r in d['results']:
        if r.get('figures'):
            out[r['operation']] = r['figures']
    return d['machine']['commit'], out

runs = sorted(p for p in glob.glob(os.path.join(sys.argv[1], '*')) if os.path.isdir(p) and glob.glob(os.path.join(p, "*.json")))
ops = collections.OrderedDict()
for p in runs:
    commit, rs = rows(p)
    for name, f in rs.items():
        op, _, what = name.rpartition(': ')
        ops.setdefault(op, collections.OrderedDict()).setdefault(os.path.basename(p), {})[what] = f
for op, byrun in ops.items():
    print('\n' + op)
    print('| run | max req/s (C) | 1 conn: req/s, CPU µs/req | 64 conn: req/s, CPU µs/req | 256 conn: req/s, CPU µs/req | p99 ms at 50 % |')
    print('|---|---:|---:|---:|---:|---:|')
    for run, w in byrun.items():
        def at(c):
            f = w.get(c + (' connection' if c == '1' else ' connections'))
            return '–' if not f else '%s, %s' % (format(round(f['req/s']), ','), '%.0f' % f.get('server CPU µs/req', float('nan')))
        m = w.get('max', {})
        half = w.get('50% of max', {})
        print('| %s | %s (%d) | %s | %s | %s | %s |' % (run, format(round(m.get('req/s', 0)), ','), m.get('connections', 0),
              at('1'), at('64'), at('256'), '%.1f' % half['p99 ms'] if half else '–'))
