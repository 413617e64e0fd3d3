"""Max req/s (connections) and p99 ms at 50 % / 80 % of max per operation, per run: table.py DIR"""
import json, glob, sys, os
d = sys.argv[1]
runs = sorted(x for x in os.listdir(d) if os.path.isdir(os.path.join(d, x)))
ops = ['newest page of 20', 'conversation list of 20', 'unread summary (pc)']
print('| figure | ' + ' | '.join(runs) + ' |')
print('|---|' + '---:|' * len(runs))
data = {}
for r in runs:
    f = glob.glob(os.path.join(d, r, '*.json'))[0]
    data[r] = {(x['operation']): x['figures'] for x in json.load(open(f))['results']}
for op in ops:
    row = []
    for r in runs:
        m = data[r].get(op + ': max', {})
        row.append('%s (%d)' % (format(round(m.get('req/s', 0)), ','), m.get('connections', 0)))
    print('| %s: max req/s (C) | %s |' % (op, ' | '.join(row)))
    row = []
    for r in runs:
        a = data[r].get(op + ': 50% of max', {}); b = data[r].get(op + ': 80% of max', {})
        row.append('%.1f / %.1f' % (a.get('p99 ms', float('nan')), b.get('p99 ms', float('nan'))))
    print('| %s: p99 ms at 50 %% / 80 %% | %s |' % (op, ' | '.join(row)))
