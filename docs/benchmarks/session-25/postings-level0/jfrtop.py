#!/usr/bin/env python3
# jfrtop.py FILE.jfr THREAD-SUBSTRING : inclusive sample shares of frames for one thread's samples
import subprocess, sys, collections, re
out = subprocess.run(["jfr", "print", "--events", "jdk.ExecutionSample", "--stack-depth", "64", sys.argv[1]],
                     capture_output=True, text=True).stdout
thread = sys.argv[2]
incl = collections.Counter(); top = collections.Counter(); n = 0
for ev in out.split("jdk.ExecutionSample")[1:]:
    m = re.search(r'sampledThread = "([^"]*)"', ev)
    if not m or thread not in m.group(1):
        continue
    n += 1
    frames = re.findall(r'^\s+([\w.$<>]+)\(', ev.split("stackTrace = [",1)[1], re.M) if "stackTrace = [" in ev else []
    seen = set()
    for i, f in enumerate(frames):
        if i == 0: top[f] += 1
        if f not in seen:
            incl[f] += 1; seen.add(f)
print(f"{n} samples of {thread}")
print("-- inclusive")
for f, c in incl.most_common(45): print(f"{100*c/n:5.1f}%  {f}")
print("-- top frames")
for f, c in top.most_common(20): print(f"{100*c/n:5.1f}%  {f}")
