#!/usr/bin/env python3
"""One column per run of the `http` scenario: each operation's max req/s, and achieved req/s / p99 ms
at 50 % and 80 % of it, copied from the runs' result files (what `summary` would fold into a median).
Printed the tables of docs/benchmarks.md's "The server's collector again" and "…page-out stopped".
    python3 table.py DIR...   (each DIR holds one http-*.json)"""
import glob
import json
import sys

rows = {}
for d in sys.argv[1:]:
    files = glob.glob(d + '/http-*.json')
    if not files:
        continue
    for r in json.load(open(files[0]))['results']:
        op = r.get('operation', '').replace(' (POST /v1/messages)', '').replace(' (no engine call)', '')
        f = r.get('figures') or {}
        if op.endswith(': max') and 'req/s' in f:
            rows.setdefault(op, {})[d] = "%.0f" % f['req/s']
        elif ('50% of max' in op or '80% of max' in op) and 'p99 ms' in f:
            rows.setdefault(op, {})[d] = "%.0f/%.1f" % (f['achieved req/s'], f['p99 ms'])
print('|'.join(['op'] + sys.argv[1:]))
for op, cells in rows.items():
    print(op[:40].ljust(40), ' | '.join(cells.get(d, '-').rjust(10) for d in sys.argv[1:]))
