#!/usr/bin/env python3
"""Samples by thread (numbers folded: letterbox-engine-N → letterbox-engine-#) of a collapsed
async-profiler file taken with `threads`. Usage: by-thread.py FILE.collapsed.gz"""
import collections, gzip, re, sys
c = collections.Counter(); tot = 0
for line in gzip.open(sys.argv[1], 'rt'):
    st, n = line.rstrip().rsplit(' ', 1); n = int(n); tot += n
    c[re.sub(r'[-#]?\d+( tid=\d+)?\]', '#]', st.split(';')[0])] += n
print('%d samples' % tot)
for k, v in c.most_common(25):
    print('%6d %5.1f%% %s' % (v, 100 * v / tot, k))
