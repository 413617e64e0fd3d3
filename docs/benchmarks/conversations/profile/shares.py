import sys,collections
# shares.py FILE MARKER FRAME...: samples of stacks with MARKER, and the share of them with each FRAME
f,marker,frames=sys.argv[1],sys.argv[2],sys.argv[3:]
tot=0; c=collections.Counter()
for line in open(f):
    stack,_,n=line.rstrip().rpartition(' ')
    if marker not in stack: continue
    n=int(n); tot+=n
    for fr in frames:
        if fr in stack: c[fr]+=n
print(f'{marker}: {tot} samples')
for fr in frames: print(f'  {fr}: {c[fr]} ({100*c[fr]/max(tot,1):.1f} %)')
