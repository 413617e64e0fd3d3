# The rows of docs/benchmarks.md's table "The server's collector again (session 27)": each run's max req/s,
# and achieved req/s / p99 ms at 50 % and 80 % of it.   table.py DIR...  (DIR holds one http-*.json)
import json,glob,sys
rows={}
for d in sys.argv[1:]:
    fs=glob.glob(d+'/http-*.json')
    if not fs: continue
    j=json.load(open(fs[0]))
    for r in j['results']:
        op=r.get('operation','').replace(' (POST /v1/messages)','').replace(' (no engine call)','')
        m=r.get('figures') or {}
        if op.endswith(': max') and 'req/s' in m:
            rows.setdefault(op,{})[d]="%.0f"%m['req/s']
        elif ('50% of max' in op or '80% of max' in op) and 'p99 ms' in m: rows.setdefault(op,{})[d]="%.0f/%.1f"%(m['achieved req/s'],m['p99 ms'])
print('|'.join(['op']+sys.argv[1:]))
for op,v in rows.items(): print(op[:40].ljust(40),' | '.join(v.get(d,'-').rjust(10) for d in sys.argv[1:]))
