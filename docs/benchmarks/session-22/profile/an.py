import sys, collections
f=sys.argv[1]; pats=sys.argv[2:]
tot=0; incl=collections.Counter(); selff=collections.Counter(); thr=collections.Counter()
for line in open(f):
    st,_,n=line.rstrip().rpartition(' '); n=int(n); tot+=n
    fr=st.split(';')
    thr[fr[0][:40]]+=n
    selff[fr[-1][:120]]+=n
    seen=set()
    for x in fr:
        if x not in seen:
            seen.add(x); incl[x[:140]]+=n
print("total samples",tot)
print("--threads"); [print(f"{c*100/tot:5.1f}% {t}") for t,c in thr.most_common(12)]
print("--self"); [print(f"{c*100/tot:5.1f}% {t}") for t,c in selff.most_common(30)]
print("--patterns")
for p in pats:
    c=0
    for line in open(f):
        st,_,n=line.rstrip().rpartition(' ')
        if p in st: c+=int(n)
    print(f"{c*100/tot:5.1f}% {p}")
print("--top inclusive")
for t,c in incl.most_common(70):
    print(f"{c*100/tot:5.1f}% {t}")
