#!/usr/bin/env python3
"""Where a profiled bench run's CPU went, by thread, from async-profiler's collapsed stacks.

  threads.py PROFILE.collapsed[.gz] [FRAME...]

Prints each thread's share of all samples (thread ids and numbers folded, so one engine's
threads of the same name add up), then, for each FRAME given, the samples of each thread whose
stack holds a frame containing it. Used in session 28 on the search scenario's runs, recorded with
  java -agentpath:libasyncProfiler.so=start,event=cpu,interval=2ms,threads,file=OUT.collapsed,collapsed \\
    -jar letterbox-bench/target/letterbox-bench.jar search --quick --owner-messages 100000 \\
    --broadcast-followers 10 --messages 600000
(async-profiler 4.2, Maven Central's tools.profiler:async-profiler, its linux-x64 library).
"""
import collections
import gzip
import re
import sys


def threads(path, frames):
    opener = gzip.open if path.endswith(".gz") else open
    total = collections.Counter()
    holding = {f: collections.Counter() for f in frames}
    with opener(path, "rt") as lines:
        for line in lines:
            stack, n = line.rsplit(" ", 1)
            n = int(n)
            parts = stack.split(";")
            name = re.sub(r"\d+", "N", parts[0].split(" tid=")[0].lstrip("["))
            total[name] += n
            for f in frames:
                if any(f in p for p in parts[1:]):
                    holding[f][name] += n
    return total, holding


def main():
    path, frames = sys.argv[1], sys.argv[2:]
    total, holding = threads(path, frames)
    all_ = sum(total.values())
    print(f"{path}: {all_} samples")
    for name, n in total.most_common(10):
        print(f"  {n * 100 / all_:5.1f} %  {n:7d}  {name}")
    for f in frames:
        print(f"stacks holding {f}:")
        for name, n in holding[f].most_common(5):
            print(f"  {n:7d}  {name}")


if __name__ == "__main__":
    main()
