#!/usr/bin/env python3
"""Tables a settings-ab.sh run of the platform hooks: per variant and round, the highest send rate
and its ratio to the all-off variant's in the same round (medians over the rounds last), the p50
and server CPU per send at 64 connections, the p50 paced at 50 % of the variant's own highest
rate, and the webhook / Kafka lag sampled each second: its largest and its last value, 5 s after
the sends.   python3 table.py [DIR]"""
import collections, glob, json, os, re, statistics, sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
runs = collections.defaultdict(dict)
for f in sorted(glob.glob(f'{root}/r*-*/http-*.json')):
    m = re.match(r'r(\d+)-(.+)', os.path.basename(os.path.dirname(f)))
    fig = {r['operation'].split(': ', 1)[1]: r['figures'] for r in json.load(open(f))['results']}
    lag = {'webhook': 0, 'kafka': 0}
    last = dict(lag)
    for line in open(f'{root}/{m.group(0)}.metrics.txt'):
        for k in lag:
            g = re.search(rf'letterbox_{k}_lag_events (\S+)', line)
            if g:
                lag[k], last[k] = max(lag[k], float(g.group(1))), float(g.group(1))
    runs[m.group(2)][int(m.group(1))] = dict(
        rate=fig['max']['req/s'], p50=fig['64 connections']['p50 ms'], cpu=fig['64 connections']['server CPU µs/req'],
        p50half=fig['50% of max']['p50 ms'], half=fig['50% of max']['achieved req/s'], **lag,
        last=f"{last['webhook']:,.0f} / {last['kafka']:,.0f}")
print('| variant | highest send rate, req/s (÷ off) | p50 at 64 connections, ms | server CPU µs/send | '
      'p50 at half its highest rate, ms (req/s) | lag sampled, webhook / Kafka events: largest; at the end |')
print('|---|---:|---:|---:|---:|---:|')
ORDER = ['off', 'hook', 'webhooks', 'kafka', 'all']
for name, rounds in sorted(runs.items(), key=lambda kv: ORDER.index(kv[0]) if kv[0] in ORDER else len(ORDER)):
    off = runs['off']
    cells = [' · '.join(fmt(r, rounds[r], off.get(r)) for r in sorted(rounds)) for fmt in (
        lambda r, v, o: f"{v['rate']:,.0f} ({v['rate'] / o['rate']:.2f})",
        lambda r, v, o: f"{v['p50']:.1f}",
        lambda r, v, o: f"{v['cpu']:.0f}",
        lambda r, v, o: f"{v['p50half']:.1f} ({v['half']:,.0f})",
        lambda r, v, o: f"{v['webhook']:,.0f} / {v['kafka']:,.0f}; {v['last']}")]
    ratio = statistics.median(rounds[r]['rate'] / off[r]['rate'] for r in rounds)
    print(f"| {name} | {cells[0]}; median ÷ off {ratio:.2f} | " + ' | '.join(cells[1:]) + ' |')
