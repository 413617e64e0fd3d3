#!/usr/bin/env python3
"""Tables the http runs beside it: each operation at 64 and 256 connections, for each run
directory, its rate, the server's CPU per request and its ratio to GET /health's in the same
run, and the busiest thread's share of the server's CPU.   python3 table.py [DIR]"""
import collections, glob, json, os, re, sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
rows = collections.defaultdict(dict)
for f in sorted(glob.glob(f'{root}/*/http-*.json')):
    run = os.path.basename(os.path.dirname(f))
    for r in json.load(open(f))['results']:
        m = re.match(r'(?:ceiling: )?(.*?)(?: \(.*\))?: (64|256) connections$', r['operation'])
        if m:
            fig = r['figures']
            rows[(m.group(1), int(m.group(2)))][run] = (
                fig['req/s'], fig['server CPU µs/req'], fig['top thread % of server CPU'])
health = {(c, run): v[1] for (op, c), runs in rows.items() if op == 'GET /health' for run, v in runs.items()}
for (op, c), runs in sorted(rows.items()):
    cells = [f'{run}: {rate:,.0f}/s, {cpu:.0f} µs ({cpu / health[(c, run)]:.1f}x), top thread {top:.0f} %'
             for run, (rate, cpu, top) in sorted(runs.items())]
    print(f'{op} @{c}: ' + ' | '.join(cells))
