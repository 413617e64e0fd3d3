# Compactions of one RocksDB store from its LOG (EVENT_LOG_v1 lines): count, CPU seconds and bytes
# written, per column family and automatic or manual.   python3 compactions.py STORE/LOG
import re,json,collections,sys
st=collections.defaultdict(lambda:[0,0.0,0.0]); cfjob={}; reason={}
for line in open(sys.argv[1]):
    m=re.search(r'\[(\w+)\] \[JOB (\d+)\] Compacting',line)
    if m: cfjob[m.group(2)]=m.group(1)
    if 'EVENT_LOG_v1' in line:
        ev=json.loads(line.split('EVENT_LOG_v1',1)[1])
        if ev.get('event')=='compaction_started': reason[ev['job']]=ev.get('compaction_reason')
        if ev.get('event')=='compaction_finished':
            k=(cfjob.get(str(ev['job']),'?'), 'manual' if reason.get(ev['job'],'').startswith('Manual') else 'auto')
            s=st[k]; s[0]+=1; s[1]+=ev.get('compaction_time_cpu_micros',0)/1e6; s[2]+=ev.get('total_output_size',0)/1e6
for k in sorted(st,key=lambda c:-st[c][1]): print(f"{k[0]:14s} {k[1]:6s} n={st[k][0]:4d} cpu={st[k][1]:7.1f}s out={st[k][2]:8.1f}MB")
